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
    /** Every other API call, per key. */
    RATE_LIMIT_API_PER_MINUTE: positiveInt.default(120),
    /** Connections to the public drop feed, per client address. */
    RATE_LIMIT_DROPS_PER_MINUTE: positiveInt.default(30),
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
