import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { logger } from "@prizepacks/db/log";
import { AppError } from "../../errors.ts";
import { assertPhotoFileName, type PhotoStore } from "./photo-store.ts";

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or an S3-compatible service's URL; the bucket goes in the path. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** A request to the bucket waits at most this long: an upload or a photo's first view fails, the server does not hang. */
const S3_TIMEOUT_MS = 10_000;
const S3_RETRY_AFTER_SECONDS = 10;

/** The bucket did not answer, or answered with an error: a 503 with a time to come back, not a 500. */
function unavailable(what: string, cause: unknown): AppError {
  logger("item-photos").error({ err: cause }, `S3 ${what} failed`);
  return new AppError("UNAVAILABLE", "Photo storage is unavailable; try again shortly.", { retryAfterSeconds: S3_RETRY_AFTER_SECONDS });
}

/**
 * An S3-compatible bucket (S3_* settings), path-style, each request signed with AWS Signature
 * Version 4 (aws4fetch). The files sit under item-photos/ so the bucket may hold other things.
 */
export class S3PhotoStore implements PhotoStore {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      // aws4fetch retries a 5xx 10 times by default, doubling from 50 ms: twice, well inside S3_TIMEOUT_MS.
      retries: 2,
    });
  }

  private url(name: string): string {
    assertPhotoFileName(name);
    return `${this.settings.endpoint.replace(/\/$/, "")}/${encodeURIComponent(this.settings.bucket)}/item-photos/${name}`;
  }

  /** The bucket's answer; a refused connection or the timeout as UNAVAILABLE. */
  private async send(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.client.fetch(url, { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    } catch (error) {
      throw unavailable(what, error);
    }
  }

  async put(name: string, webp: Uint8Array<ArrayBuffer>): Promise<void> {
    const response = await this.send(`PUT ${name}`, this.url(name), {
      method: "PUT",
      body: webp,
      // aws4fetch would send UNSIGNED-PAYLOAD for S3; the body's hash makes the signature cover it.
      headers: { "content-type": "image/webp", "x-amz-content-sha256": createHash("sha256").update(webp).digest("hex") },
    });
    await response.body?.cancel();
    if (!response.ok) throw unavailable(`PUT ${name}`, new Error(`answered ${response.status}`));
  }

  async get(name: string): Promise<Uint8Array | null> {
    const response = await this.send(`GET ${name}`, this.url(name), {});
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable(`GET ${name}`, new Error(`answered ${response.status}`));
    }
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw unavailable(`GET ${name}`, error);
    }
  }
}
