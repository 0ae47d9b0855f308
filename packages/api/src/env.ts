import { z } from "zod";

const positiveInt = z.coerce.number().int().positive();

const schema = z
  .object({
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
      .optional(),
    UPSTASH_REDIS_REST_URL: z.url().optional(),
    UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
    /** The seed's limit on opens per API key; change it only for experiments. */
    RATE_LIMIT_OPEN_PER_MINUTE: positiveInt.default(30),
    RATE_LIMIT_BATTLES_PER_MINUTE: positiveInt.default(20),
    /** Upgrades and exchanges per API key (the opening's limit does not apply to them). */
    RATE_LIMIT_UPGRADES_PER_MINUTE: positiveInt.default(30),
    /** Every other API call, per key. */
    RATE_LIMIT_API_PER_MINUTE: positiveInt.default(120),
    /** Connections to the public drop feed, per client address. */
    RATE_LIMIT_DROPS_PER_MINUTE: positiveInt.default(30),
    /** Reads of the public transparency log (no key), per client address: a monitor catching up reads 1,000 leaves a call. */
    RATE_LIMIT_TRANSPARENCY_PER_MINUTE: positiveInt.default(120),
    /** Sign-ins, sign-ups, password and verification requests, per client address. */
    RATE_LIMIT_AUTH_PER_MINUTE: positiveInt.default(20),
    /** Drop feeds one client address may hold open at once, per instance (every open tab of the web app holds one). */
    DROP_STREAMS_PER_ADDRESS: positiveInt.default(10),
    /**
     * Proxies whose X-Forwarded-For is believed, comma-separated addresses or CIDRs (e.g. the load
     * balancer's subnet). Unset: none, so the socket's address is the client's.
     */
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((text) =>
        text
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every((entry) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry)),
        "TRUSTED_PROXIES must be IP addresses or CIDRs, comma-separated, e.g. 10.0.0.0/8,192.0.2.7",
      ),
    /** Connections one client address may hold open at once (addresses in TRUSTED_PROXIES are exempt). */
    CONNECTIONS_PER_ADDRESS: positiveInt.default(256),
    /**
     * Serves GET /metrics (Prometheus) on a listener of its own at this port; unset, none. Never
     * the public port: the metrics name packs and show traffic.
     */
    METRICS_PORT: z.coerce
      .number({ error: "METRICS_PORT must be a port number, 1 to 65535" })
      .int("METRICS_PORT must be a port number, 1 to 65535")
      .min(1, "METRICS_PORT must be a port number, 1 to 65535")
      .max(65_535, "METRICS_PORT must be a port number, 1 to 65535")
      .optional(),
    /** The metrics listener's interface: loopback unless the scraper is elsewhere. */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** Set: GET /metrics on the public port too, for `Authorization: Bearer <this>` only. At least 32 characters. */
    METRICS_TOKEN: z.string().min(32, "METRICS_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
    /**
     * After SIGTERM, how long the instance goes on serving with /api/ready answering 503, so the
     * load balancer stops sending it requests before it stops accepting them. 0 for none.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce
      .number({ error: "SHUTDOWN_DELAY_SECONDS must be a whole number of seconds, 0 or more" })
      .int("SHUTDOWN_DELAY_SECONDS must be a whole number of seconds, 0 or more")
      .min(0, "SHUTDOWN_DELAY_SECONDS must be a whole number of seconds, 0 or more")
      .default(5),
    /** Then how long requests in flight have to finish before their connections are cut (delay + this within the orchestrator's grace period). */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce
      .number({ error: "SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, 1 or more" })
      .int("SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, 1 or more")
      .min(1, "SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, 1 or more")
      .default(25),
    /**
     * Server processes sharing the port (node:cluster). Unset: the machine's cores on PostgreSQL with a
     * shared rate-limit store (REDIS_URL or Upstash), else 1; more than 1 needs both (workers.ts).
     */
    WEB_CONCURRENCY: z.coerce
      .number({ error: "WEB_CONCURRENCY must be a whole number of processes, 1 or more" })
      .int("WEB_CONCURRENCY must be a whole number of processes, 1 or more")
      .min(1, "WEB_CONCURRENCY must be a whole number of processes, 1 or more")
      .optional(),
    /** Namespaces rate-limit keys, so test runs on a shared Redis do not see each other. */
    RATE_LIMIT_PREFIX: z.string().min(1).default("prizepacks"),
  })
  .refine((env) => !env.UPSTASH_REDIS_REST_URL === !env.UPSTASH_REDIS_REST_TOKEN, {
    message: "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN go together",
  });

export type ApiEnv = z.infer<typeof schema>;
let cached: ApiEnv | undefined;

export function apiEnv(): ApiEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.def.shape ?? {}).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid API environment: ${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  return cached;
}
