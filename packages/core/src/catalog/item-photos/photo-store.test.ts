import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Standin, type S3Standin } from "../../testing/s3-standin.ts";
import { FolderPhotoStore, type PhotoStore } from "./photo-store.ts";
import { S3PhotoStore } from "./s3-photo-store.ts";

const NAME = `${"ab".repeat(16)}-256.webp`;
const WEBP = new Uint8Array(Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake"));
const UNAVAILABLE = { code: "UNAVAILABLE", status: 503, details: { retryAfterSeconds: 10 } };
const CREDENTIALS = { bucket: "prize-photos", accessKeyId: "AKIDSTANDIN", secretAccessKey: "standin/secret+key", region: "eu-central-1" };

async function behavesAsAStore(store: PhotoStore) {
  expect(await store.get(NAME)).toBeNull();
  await store.put(NAME, WEBP);
  expect(Buffer.from((await store.get(NAME))!)).toEqual(Buffer.from(WEBP));
  await store.put(NAME, WEBP); // the same content again: harmless
  for (const bad of ["../secret", "a.webp", `${"ab".repeat(16)}-256.webp/../x`, `${"AB".repeat(16)}-256.webp`]) {
    await expect(store.get(bad), bad).rejects.toThrow(/not an item photo's file name/);
    await expect(store.put(bad, WEBP), bad).rejects.toThrow(/not an item photo's file name/);
  }
}

describe("FolderPhotoStore", () => {
  let folder: string;
  beforeAll(async () => void (folder = await mkdtemp(path.join(tmpdir(), "item-photos-"))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("keeps files by name and leaves no partial file behind", async () => {
    await behavesAsAStore(new FolderPhotoStore(path.join(folder, "item-photos")));
    expect(await readdir(path.join(folder, "item-photos"))).toEqual([NAME]);
  });
});

describe("S3PhotoStore against the loopback S3 stand-in", () => {
  let s3: S3Standin;
  beforeAll(async () => void (s3 = await startS3Standin(CREDENTIALS)));
  afterAll(() => s3.close());

  it("PUTs and GETs signed objects under item-photos/ in the bucket, the PUT's body covered by its signature", async () => {
    await behavesAsAStore(new S3PhotoStore({ endpoint: s3.endpoint, ...CREDENTIALS }));
    expect(s3.objects.get(`item-photos/${NAME}`)).toMatchObject({ contentType: "image/webp" });
    expect(s3.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      `GET /prize-photos/item-photos/${NAME} 404`,
      `PUT /prize-photos/item-photos/${NAME} 200`,
      `GET /prize-photos/item-photos/${NAME} 200`,
      `PUT /prize-photos/item-photos/${NAME} 200`,
    ]);
  });

  it("the stand-in refuses a wrong secret, another key, region or bucket, and an unsigned request", async () => {
    const store = (changes: Partial<typeof CREDENTIALS>) => new S3PhotoStore({ endpoint: s3.endpoint, ...CREDENTIALS, ...changes });
    // A refusal by the bucket reaches the client as a 503 with a time to come back (the operator's settings are wrong).
    const lastStatus = () => s3.requests.at(-1)?.status;
    await expect(store({ secretAccessKey: "not-the-secret" }).put(NAME, WEBP)).rejects.toMatchObject(UNAVAILABLE);
    expect(lastStatus()).toBe(403);
    await expect(store({ accessKeyId: "AKIDOTHER" }).get(NAME)).rejects.toMatchObject(UNAVAILABLE);
    expect(lastStatus()).toBe(403);
    await expect(store({ region: "us-east-1" }).get(NAME)).rejects.toMatchObject(UNAVAILABLE);
    expect(lastStatus()).toBe(400);
    expect(await store({ bucket: "other-bucket" }).get(NAME)).toBeNull(); // NoSuchBucket is a 404 too
    const unsigned = await fetch(`${s3.endpoint}/prize-photos/item-photos/${NAME}`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain("<Code>AccessDenied</Code>");
  });

  it("the stand-in refuses a signed request whose body was changed on the way", async () => {
    const { AwsClient } = await import("aws4fetch");
    const client = new AwsClient({ ...CREDENTIALS, service: "s3", retries: 0 });
    const signed = await client.sign(`${s3.endpoint}/prize-photos/item-photos/${NAME}`, {
      method: "PUT",
      body: WEBP,
      headers: { "x-amz-content-sha256": createHash("sha256").update(WEBP).digest("hex") },
    });
    const changed = WEBP.slice();
    changed.set([changed.at(-1)! ^ 1], changed.length - 1);
    const tampered = await fetch(signed.url, { method: "PUT", headers: signed.headers, body: changed });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("XAmzContentSHA256Mismatch");
    const unknown = await client.fetch(`${s3.endpoint}/prize-photos/item-photos/${NAME}`, { method: "DELETE" });
    expect(unknown.status).toBe(501);
  });

  it("a bucket that cannot be reached is UNAVAILABLE (503, retry after 10 s), not an internal error", async () => {
    const closed = await startS3Standin(CREDENTIALS);
    await closed.close();
    const store = new S3PhotoStore({ endpoint: closed.endpoint, ...CREDENTIALS });
    await expect(store.get(NAME)).rejects.toMatchObject(UNAVAILABLE);
    await expect(store.put(NAME, WEBP)).rejects.toMatchObject(UNAVAILABLE);
  });
});
