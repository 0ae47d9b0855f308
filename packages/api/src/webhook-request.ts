import type { IncomingMessage } from "node:http";
import { AppError } from "@prizepacks/core";

/** Providers' events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** A provider's webhook request's headers, case-insensitive, for its signature check. */
export function webhookHeaders(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The body exactly as sent: a signature covers these bytes, not a re-serialised parse of them. */
export function readWebhookBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        // Not kept, and not cut off either: the sender gets the 413 written after this.
        req.removeAllListeners("data");
        req.resume();
        reject(new AppError("PAYLOAD_TOO_LARGE", "The webhook body is too large."));
      } else chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}
