// An item's photo as the site serves it: WebP squares at fixed sizes, each file named by the
// photo's content hash, so a URL names one picture for good and is cached for a year. The
// database's generated pack_item.image (item_photos migration) points at the 256 px file.

/** The squares every photo is encoded at: the cards' 128 px, doubled for dense screens, and the pack page's large view. */
export const ITEM_PHOTO_SIZES = [128, 256, 512] as const;
export type ItemPhotoSize = (typeof ITEM_PHOTO_SIZES)[number];

/** What an upload may weigh, counted while it is read. */
export const ITEM_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** What an upload may be, by its decoded content (its Content-Type and name are not trusted). */
export const ITEM_PHOTO_FORMATS = ["png", "jpeg", "webp"] as const;
/** The Content-Types an upload may declare, one per format: the route's check and the file field's accept. */
export const ITEM_PHOTO_MEDIA_TYPES = ITEM_PHOTO_FORMATS.map((format) => `image/${format}`);

/** "<hash>-256.webp": the file's name in the photo store. */
export function itemPhotoFileName(hash: string, size: ItemPhotoSize): string {
  return `${hash}-${size}.webp`;
}

/** "/media/items/<hash>-256.webp": where the site serves that file. */
export function itemPhotoPath(hash: string, size: ItemPhotoSize): string {
  return `/media/items/${itemPhotoFileName(hash, size)}`;
}
