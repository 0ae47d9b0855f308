import { createHash } from "node:crypto";
import { ITEM_PHOTO_FORMATS, ITEM_PHOTO_SIZES, type ItemPhotoSize } from "../../contract/item-photos.ts";
import { AppError } from "../../errors.ts";

/**
 * Decoded pixels an upload may have: a 5 MB file can declare a picture of billions of pixels (a
 * decompression bomb). 50 megapixels admits any camera's photo and refuses that from the header,
 * before anything is decoded.
 */
export const ITEM_PHOTO_MAX_PIXELS = 50_000_000;

export interface EncodedItemPhoto {
  /** The first 32 hex digits of the SHA-256 of every file below, in size order: names them all. */
  hash: string;
  files: Array<{ size: ItemPhotoSize; webp: Buffer<ArrayBuffer> }>;
}

const notAnImage = () => new AppError("UNSUPPORTED_MEDIA_TYPE", "That file is not a PNG, JPEG or WebP image.");

/** Why sharp could not read the upload: too many pixels (read from its header), or not a picture. */
function refusal(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError("BAD_REQUEST", `That image has more than ${ITEM_PHOTO_MAX_PIXELS / 1_000_000} megapixels.`);
  }
  return notAnImage();
}

/**
 * The upload decoded and encoded again as WebP squares at every ITEM_PHOTO_SIZES: the whole
 * picture fitted on a transparent square, turned upright by its EXIF orientation first. Nothing
 * of the file but its pixels survives: sharp writes no metadata unless asked (no EXIF, GPS, ICC
 * profile or comments), and a file that only looks like an image (a script named .png, an SVG,
 * a truncated JPEG) fails to decode and is refused.
 */
export async function encodeItemPhoto(upload: Uint8Array): Promise<EncodedItemPhoto> {
  // Loaded on the first upload: libvips is native and large, and most processes never need it.
  const { default: sharp } = await import("sharp");
  const options = { limitInputPixels: ITEM_PHOTO_MAX_PIXELS, failOn: "error" } as const;
  let format: string | undefined;
  try {
    ({ format } = await sharp(upload, options).metadata());
  } catch (error) {
    throw refusal(error);
  }
  if (!(ITEM_PHOTO_FORMATS as readonly string[]).includes(format ?? "")) throw notAnImage();
  try {
    const files = [];
    for (const size of ITEM_PHOTO_SIZES) {
      const webp = await sharp(upload, options)
        .rotate()
        .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 82 })
        .toBuffer();
      files.push({ size, webp });
    }
    const digest = createHash("sha256");
    for (const file of files) digest.update(file.webp);
    return { hash: digest.digest("hex").slice(0, 32), files };
  } catch (error) {
    throw refusal(error);
  }
}
