-- Item photos (#36 item 6). The drawn picture keeps its rules under a name of its own, "art";
-- "image", which every query, SQL function and event already reads, becomes the photo's 256 px
-- WebP when there is one and the art otherwise: one place decides, for every reader. The path
-- is itemPhotoPath(photo, 256) of packages/core/src/contract/item-photos.ts.
ALTER TABLE "pack_item" RENAME COLUMN "image" TO "art";
ALTER TABLE "pack_item" RENAME CONSTRAINT "pack_item_image_site_path" TO "pack_item_art_site_path";

-- The first 32 hex digits of the SHA-256 of the photo's WebP files (item-photos.ts): they are named by it.
ALTER TABLE "pack_item" ADD COLUMN "photo" TEXT CONSTRAINT "pack_item_photo_hash" CHECK ("photo" ~ '^[0-9a-f]{32}$');

ALTER TABLE "pack_item" ADD COLUMN "image" TEXT NOT NULL
  GENERATED ALWAYS AS (COALESCE('/media/items/' || "photo" || '-256.webp', "art")) STORED;
