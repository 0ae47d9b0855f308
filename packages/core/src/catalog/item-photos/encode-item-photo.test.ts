import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { encodeItemPhoto, ITEM_PHOTO_MAX_PIXELS } from "./encode-item-photo.ts";

/** A 600×400 JPEG carrying what a phone's camera writes: EXIF with GPS, and an ICC profile. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: "#c33" } })
    .jpeg()
    .withMetadata({ icc: "p3" })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12", Artist: "Jane Operator" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

/** A PNG whose IHDR (8-bit RGB) claims width × height and whose IDAT holds one row only: a header with almost no pixels behind it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const firstRow = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", firstRow), chunk("IEND", Buffer.alloc(0))]);
}

async function refusal(upload: Uint8Array): Promise<AppError> {
  const error = await encodeItemPhoto(upload).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("encodeItemPhoto", () => {
  it("encodes WebP squares of 128, 256 and 512 px named by one content hash, with no metadata left", async () => {
    const upload = await cameraJpeg();
    const before = await sharp(upload).metadata();
    expect(before.exif?.includes(Buffer.from("Jane Operator"))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD's tag
    expect(before.icc).toBeDefined();

    const encoded = await encodeItemPhoto(upload);
    expect(encoded.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(encoded.files.map((file) => file.size)).toEqual([128, 256, 512]);
    for (const file of encoded.files) {
      const after = await sharp(file.webp).metadata();
      expect(after).toMatchObject({ format: "webp", width: file.size, height: file.size, hasAlpha: true });
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      for (const text of ["PhoneMaker", "Jane Operator", "Exif", "GPS"]) expect(file.webp.includes(Buffer.from(text)), text).toBe(false);
    }
    // Same upload, same files, same name: a retry writes the same files again.
    expect((await encodeItemPhoto(upload)).hash).toBe(encoded.hash);
  });

  it("takes PNG and WebP too", async () => {
    const square = sharp({ create: { width: 64, height: 64, channels: 4, background: "#09f8" } });
    for (const upload of [await square.clone().png().toBuffer(), await square.clone().webp().toBuffer()]) {
      expect((await encodeItemPhoto(upload)).files).toHaveLength(3);
    }
  });

  it("refuses anything that is not a PNG, JPEG or WebP picture with 415", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const jpeg = await cameraJpeg();
    for (const upload of [
      Buffer.from("#!/bin/sh\necho this is not a picture\n"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      gif,
      jpeg.subarray(0, jpeg.length / 2), // truncated
      Buffer.alloc(0),
    ]) {
      const error = await refusal(upload);
      expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(error.message).toBe("That file is not a PNG, JPEG or WebP image.");
    }
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // A PNG whose header claims 100 megapixels and which holds one row of them: it cannot be
    // decoded, so a refusal naming its megapixels was read from the header alone.
    const bomb = pngHeaderOnly(10_000, 10_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 10_000, height: 10_000 });
    await expect(sharp(bomb, { limitInputPixels: false, failOn: "error" }).raw().toBuffer()).rejects.toThrow(/read error/);
    const error = await refusal(bomb);
    expect(error).toMatchObject({
      code: "BAD_REQUEST",
      message: `That image has more than ${ITEM_PHOTO_MAX_PIXELS / 1_000_000} megapixels.`,
    });
  });
});
