import { isDemoMode, serviceEnv } from "@prizepacks/core/service-env";
import { z } from "zod";

const schema = z.object({
  /** Where the app is reached; links in mails point here. Defaults to the address the server listens on (appBaseUrl). */
  BETTER_AUTH_URL: z.url().optional(),
  /** Signs session cookies. Without it a random secret is kept in the data folder. */
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  /** Extra origins allowed to post to the app, comma-separated. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** smtp://user:pass@host:port; without it mails go to the dev outbox at /dev/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("prizepacks <no-reply@prizepacks.local>"),
  PORT: z.coerce.number().int().positive().default(3000),
});

export type AuthEnv = z.infer<typeof schema>;
let cached: AuthEnv | undefined;

export function authEnv(): AuthEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid auth environment: ${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  return cached;
}

/**
 * Outside demo mode there is no outbox to fall back on and no loopback URL to guess: mail
 * must really be sent, and its links must point at the public address.
 */
export function assertAuthEnvForMode(): void {
  if (isDemoMode()) return;
  const env = authEnv();
  const missing = [
    !env.SMTP_URL && "SMTP_URL (verification and reset mails are sent, never kept in a public outbox)",
    !env.BETTER_AUTH_URL && "BETTER_AUTH_URL (the public URL that links in mails point to)",
  ].filter(Boolean);
  if (missing.length) {
    throw new Error(`Not in demo mode (HOST is not loopback, or DEMO_MODE=false), so these must be set: ${missing.join("; ")}.`);
  }
}

/**
 * The app's public URL: BETTER_AUTH_URL, or else the address the server listens on and prints
 * (HOST and PORT; a wildcard HOST is reached through 127.0.0.1). One host for both, so a link in
 * a demo mail opens on the host whose session cookie the player already has.
 */
export function appBaseUrl(): string {
  const env = authEnv();
  if (env.BETTER_AUTH_URL) return env.BETTER_AUTH_URL.replace(/\/$/, "");
  const host = serviceEnv().HOST;
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${env.PORT}`;
}

/** The app's own origin, its loopback twin (localhost ↔ 127.0.0.1) and TRUSTED_ORIGINS. */
export function trustedOrigins(): string[] {
  const base = new URL(appBaseUrl());
  const origins = new Set([base.origin]);
  const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[base.hostname];
  if (twin) origins.add(`${base.protocol}//${twin}${base.port ? `:${base.port}` : ""}`);
  for (const origin of authEnv().TRUSTED_ORIGINS?.split(",") ?? []) if (origin.trim()) origins.add(origin.trim());
  return [...origins];
}
