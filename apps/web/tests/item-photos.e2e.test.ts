import { S3PhotoStore } from "@prizepacks/core";
import { startS3Standin, type S3Standin } from "@prizepacks/core/testing/s3-standin";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerInstance } from "./server-instance.ts";

// The built server with S3-compatible storage configured (S3_*, the stand-in on loopback, which
// checks every request's signature): item photos are read from the bucket and served by the
// app, so browsers see the same URLs and headers as with the data folder.

const S3 = { bucket: "prize-photos", accessKeyId: "AKIDE2E", secretAccessKey: "e2e/secret", region: "eu-west-1" };
let s3: S3Standin;
let server: ServerInstance;

beforeAll(async () => {
  s3 = await startS3Standin(S3);
  server = await startServer({
    label: "item-photos-s3",
    ownDatabase: true,
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: S3.bucket,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      S3_REGION: S3.region,
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

describe("GET /media/items/{file} with S3 storage", () => {
  it("serves a photo's file from the bucket as immutable WebP, and 404 JSON for one the bucket lacks", async () => {
    const webp = await sharp({ create: { width: 256, height: 256, channels: 4, background: "#3a7" } })
      .webp()
      .toBuffer();
    const name = `${"c0ffee".repeat(5)}ab-256.webp`;
    await new S3PhotoStore({ endpoint: s3.endpoint, ...S3 }).put(name, new Uint8Array(webp));

    const served = await fetch(`${server.baseUrl}/media/items/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(webp);
    expect(s3.requests).toContainEqual({ method: "GET", path: `/${S3.bucket}/item-photos/${name}`, status: 200 });

    const missing = await fetch(`${server.baseUrl}/media/items/${"0".repeat(32)}-512.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "NOT_FOUND", message: "No such photo." });
    expect(s3.requests.every((request) => request.status !== 403)).toBe(true);
  });
});
