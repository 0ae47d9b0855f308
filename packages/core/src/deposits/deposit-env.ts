import { z } from "zod";

const amount = (name: string) =>
  z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `${name} must be an amount with at most two decimals, e.g. 10.00`);

const schema = z.object({
  /** The BTCPay Server's base URL, e.g. https://btcpay.example.com. Unset: no BTCPay deposits. */
  BTCPAY_URL: z.url({ error: "BTCPAY_URL must be an http(s) URL" }).optional(),
  BTCPAY_STORE_ID: z.string().min(1).optional(),
  /** A Greenfield API key of the store (invoices and webhooks permissions), sent as `Authorization: token …`. */
  BTCPAY_API_KEY: z.string().min(1).optional(),
  /** The currency of every deposit (the invoice's, and the wallet's unit). */
  DEPOSIT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "DEPOSIT_CURRENCY must be a three-letter code such as USD")
    .default("USD"),
  DEPOSIT_MIN: amount("DEPOSIT_MIN").default("5.00"),
  DEPOSIT_MAX: amount("DEPOSIT_MAX").default("1000.00"),
});

export type DepositEnv = z.infer<typeof schema> & {
  /** All three BTCPay settings, or null when BTCPay is not configured. */
  btcpay: { url: string; storeId: string; apiKey: string } | null;
};

let cached: DepositEnv | undefined;

/** The deposit settings, read once; BTCPay is configured only with all three of its settings. */
export function depositEnv(): DepositEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid deposit environment: ${z.prettifyError(parsed.error)}`);
  const { BTCPAY_URL: url, BTCPAY_STORE_ID: storeId, BTCPAY_API_KEY: apiKey } = parsed.data;
  const set = [url, storeId, apiKey].filter(Boolean).length;
  if (set !== 0 && set !== 3)
    throw new Error("Invalid deposit environment: set all of BTCPAY_URL, BTCPAY_STORE_ID and BTCPAY_API_KEY, or none.");
  cached = { ...parsed.data, btcpay: url && storeId && apiKey ? { url: url.replace(/\/$/, ""), storeId, apiKey } : null };
  return cached;
}
