import { z } from "zod";

const schema = z.object({
  /** Sumsub's API. Another URL only for a stand-in (tests) or a proxy. */
  SUMSUB_URL: z.url({ protocol: /^https?$/, error: "SUMSUB_URL must be an http(s) URL" }).default("https://api.sumsub.com"),
  /** An app token from Sumsub's dashboard (Dev space, App Tokens), sent as X-App-Token. */
  SUMSUB_APP_TOKEN: z.string().min(1).optional(),
  /** The app token's secret key: signs every request (X-App-Access-Sig). */
  SUMSUB_SECRET_KEY: z.string().min(1).optional(),
  /** The secret key of the webhook set up in Sumsub's dashboard: checks X-Payload-Digest. */
  SUMSUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The verification level applicants are created at, e.g. basic-kyc-level. */
  SUMSUB_LEVEL_NAME: z.string().min(1).optional(),
});

export interface SumsubConfig {
  url: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelName: string;
}

let cached: { sumsub: SumsubConfig | null } | undefined;

const REQUIRED = ["SUMSUB_APP_TOKEN", "SUMSUB_SECRET_KEY", "SUMSUB_WEBHOOK_SECRET", "SUMSUB_LEVEL_NAME"] as const;

/** The identity-check settings, read once: Sumsub only with all four of its settings, else none of them. */
export function verificationEnv(): { sumsub: SumsubConfig | null } {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid identity check environment: ${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const set = REQUIRED.filter((key) => env[key]).length;
  if (set !== 0 && set !== REQUIRED.length)
    throw new Error(`Invalid identity check environment: set all of ${REQUIRED.join(", ")}, or none.`);
  cached = {
    sumsub:
      env.SUMSUB_APP_TOKEN && env.SUMSUB_SECRET_KEY && env.SUMSUB_WEBHOOK_SECRET && env.SUMSUB_LEVEL_NAME
        ? {
            url: env.SUMSUB_URL.replace(/\/$/, ""),
            appToken: env.SUMSUB_APP_TOKEN,
            secretKey: env.SUMSUB_SECRET_KEY,
            webhookSecret: env.SUMSUB_WEBHOOK_SECRET,
            levelName: env.SUMSUB_LEVEL_NAME,
          }
        : null,
  };
  return cached;
}
