export { encodeItemPhoto, ITEM_PHOTO_MAX_PIXELS, type EncodedItemPhoto } from "./encode-item-photo.ts";
export { assertPhotoFileName, FolderPhotoStore, ITEM_PHOTO_FILE, type PhotoStore } from "./photo-store.ts";
export { S3PhotoStore, type S3Settings } from "./s3-photo-store.ts";
export { configuredPhotoStore, s3Settings } from "./configured-photo-store.ts";
export { ItemPhotoTargetSchema, removeItemPhoto, setItemPhoto, type ItemPhotoResult, type ItemPhotoTarget } from "./set-item-photo.ts";
