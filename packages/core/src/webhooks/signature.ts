import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Prizepacks-Signature";
/** How old a signed delivery may be before a receiver should refuse it (a replay). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** whsec_ + 32 base62 characters. */
export function generateWebhookSecret(): string {
  let body = "";
  while (body.length < 32) for (const byte of randomBytes(48)) if (byte < 248 && body.length < 32) body += BASE62[byte % 62];
  return `whsec_${body}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, as Stripe does. */
export function signWebhookPayload(secret: string, body: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

/**
 * The receiver's check, as documented: the signature matches the raw body and the timestamp is
 * recent. Returns why not, or null when the delivery is genuine.
 */
export function verifyWebhookSignature(
  header: string | null | undefined,
  body: string,
  secret: string,
  { nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS } = {},
): "missing" | "malformed" | "stale" | "mismatch" | null {
  if (!header) return "missing";
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return "malformed";
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return "stale";
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex")) ? null : "mismatch";
}
