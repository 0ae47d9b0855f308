import path from "node:path";
import { dataFolder, dbEnv } from "@prizepacks/db/env";
import { z } from "zod";
import { FolderPhotoStore, type PhotoStore } from "./photo-store.ts";
import { S3PhotoStore, type S3Settings } from "./s3-photo-store.ts";

const schema = z.object({
  /** The S3-compatible service's URL, e.g. https://s3.eu-central-1.amazonaws.com. Unset: photos in the data folder. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) URL" }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The region requests are signed for; services without regions take any, commonly us-east-1. */
  S3_REGION: z.string().min(1).default("us-east-1"),
});

/** The S3 settings, or null when none is set; some but not all of the four required ones is a mistake. */
export function s3Settings(): S3Settings | null {
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid photo storage environment: ${z.prettifyError(parsed.error)}`);
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = parsed.data;
  const set = [endpoint, bucket, accessKeyId, secretAccessKey].filter(Boolean).length;
  if (set === 0) return null;
  if (set !== 4) {
    throw new Error(
      "Invalid photo storage environment: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none.",
    );
  }
  return {
    endpoint: endpoint!,
    bucket: bucket!,
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
    region: parsed.data.S3_REGION,
  };
}

/** S3-compatible storage when S3_* is set, else the data folder's item-photos. */
export function configuredPhotoStore(): PhotoStore {
  const s3 = s3Settings();
  return s3 ? new S3PhotoStore(s3) : new FolderPhotoStore(path.join(dbEnv().dataDir, dataFolder.itemPhotos));
}
