import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@prizepacks/core";
import { writeError } from "./http-error.ts";

/** Providers' events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

export type WebhookHeaders = { get(name: string): string | null };

/** A provider's webhook request's headers, case-insensitive, for its signature check. */
export function webhookHeaders(req: IncomingMessage): WebhookHeaders {
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

/**
 * A provider's webhook, answered in front of Next at `path`: POST only; `prepare` finds the
 * configured provider (a 404 when there is none) before the body is read, and gives back what
 * applies the raw body (its signature checked first). 200 once applied; an error is written as
 * JSON and makes the provider redeliver. The handler returns whether the path was this one.
 */
export function webhookRoute(path: string, prepare: () => (body: Buffer, headers: WebhookHeaders) => Promise<void>) {
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") throw new AppError("NOT_FOUND", "No such route.");
    const apply = prepare();
    await apply(await readWebhookBody(req), webhookHeaders(req));
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"ok":true}');
  }
  return function handleWebhookRequest(req: IncomingMessage, res: ServerResponse, requestPath: string): boolean {
    if (requestPath !== path) return false;
    void answer(req, res).catch((error: unknown) => writeError(res, error, { rest: false }));
    return true;
  };
}
