import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
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

  async put(name: string, webp: Uint8Array<ArrayBuffer>): Promise<void> {
    const response = await this.client.fetch(this.url(name), {
      method: "PUT",
      body: webp,
      // aws4fetch would send UNSIGNED-PAYLOAD for S3; the body's hash makes the signature cover it.
      headers: { "content-type": "image/webp", "x-amz-content-sha256": createHash("sha256").update(webp).digest("hex") },
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`S3 PUT ${name} answered ${response.status}`);
  }

  async get(name: string): Promise<Uint8Array | null> {
    const response = await this.client.fetch(this.url(name), { signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`S3 GET ${name} answered ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
}
