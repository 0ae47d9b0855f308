import { z } from "zod";

const flag = (name: string) =>
  z.enum(["true", "false"], { error: `${name} must be "true" or "false"` }).transform((value) => value === "true");

const schema = z.object({
  /** The interface the server listens on. Loopback by default: nothing is exposed until asked. */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Unset: demo mode exactly when HOST is loopback. "true"/"false" force it either way. */
  DEMO_MODE: flag("DEMO_MODE").optional(),
  /** Within demo mode only: "false" hides the demo "Add funds" button. */
  DEMO_DEPOSITS: flag("DEMO_DEPOSITS").default(true),
  /**
   * Within demo mode only: lets webhooks target http:// and private, loopback or link-local
   * addresses (a receiver on this machine, for development and tests). Never outside demo mode.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: flag("WEBHOOKS_ALLOW_PRIVATE_TARGETS").default(false),
  /** Seconds between webhook attempts, comma-separated; the last repeats until a day has passed. */
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "WEBHOOK_RETRY_DELAYS_SECONDS must be seconds, comma-separated, e.g. 10,60,300")
    .default("10,30,60,300,900,1800,3600,7200,14400,28800")
    .transform((text) => text.split(",").map(Number)),
  /**
   * An admin's console credits to one account, summed over 24 hours, may come to this much
   * (dollars, at most two decimals) without a second admin; a credit that would pass it waits
   * for a second admin's approval (pending-credits.ts). The CLI is exempt: it is the operator's
   * own hand at the machine.
   */
  ADMIN_CREDIT_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, "ADMIN_CREDIT_APPROVAL_ABOVE must be an amount such as 1000.00")
    .default("1000.00"),
  /**
   * An admin's console credits applied without a second admin, over every account in 24 hours,
   * may come to this much; a credit that would pass it waits for a second admin. Five credits
   * at ADMIN_CREDIT_APPROVAL_ABOVE's default to five accounts in a day, and no more.
   */
  ADMIN_CREDIT_DAILY_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, "ADMIN_CREDIT_DAILY_APPROVAL_ABOVE must be an amount such as 5000.00")
    .default("5000.00"),
  /** Accounts are refused under this age, in whole years (the age gate, protection/age.ts). */
  MINIMUM_AGE: z.coerce
    .number({ error: "MINIMUM_AGE must be a whole number of years, 18 or more" })
    .int("MINIMUM_AGE must be a whole number of years, 18 or more")
    .min(18, "MINIMUM_AGE must be a whole number of years, 18 or more")
    .max(99, "MINIMUM_AGE must be at most 99")
    .default(18),
  /**
   * Days a shipping address is kept after its last shipment is finished (delivered, returned,
   * cancelled or rejected); then it and the shipments' copies of it are erased (address-erasure.ts).
   */
  ADDRESS_RETENTION_DAYS: z.coerce
    .number({ error: "ADDRESS_RETENTION_DAYS must be a whole number of days, 1 or more" })
    .int("ADDRESS_RETENTION_DAYS must be a whole number of days, 1 or more")
    .min(1, "ADDRESS_RETENTION_DAYS must be a whole number of days, 1 or more")
    .max(3650, "ADDRESS_RETENTION_DAYS must be at most 3650")
    .default(90),
});

export type ServiceEnv = z.infer<typeof schema> & {
  /** The dev outbox, demo deposits and the funded demo account with its printed key. */
  demoMode: boolean;
  /** Demo mode was asked for on an interface other people can reach. */
  demoModeExposed: boolean;
};

let cached: ServiceEnv | undefined;

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * How the service runs, read once. Safe by default: everything that prints money, shows
 * someone else's mail or weakens auth belongs to demo mode, and demo mode is on only where
 * nobody but this machine can connect, unless the operator says DEMO_MODE=true.
 */
export function serviceEnv(): ServiceEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid service environment: ${z.prettifyError(parsed.error)}`);
  const loopback = isLoopbackHost(parsed.data.HOST);
  const demoMode = parsed.data.DEMO_MODE ?? loopback;
  cached = { ...parsed.data, demoMode, demoModeExposed: demoMode && !loopback };
  return cached;
}

export function isDemoMode(): boolean {
  return serviceEnv().demoMode;
}

/** Demo deposits exist only in demo mode; DEMO_DEPOSITS can turn them off there, never on elsewhere. */
export function demoDepositsEnabled(): boolean {
  const env = serviceEnv();
  return env.demoMode && env.DEMO_DEPOSITS;
}

/** Webhooks may target this machine or private networks: only in demo mode, and only when asked. */
export function webhooksMayTargetPrivateAddresses(): boolean {
  const env = serviceEnv();
  return env.demoMode && env.WEBHOOKS_ALLOW_PRIVATE_TARGETS;
}
