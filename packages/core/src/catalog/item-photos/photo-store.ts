import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";

/**
 * Where item photos' files are kept, by name ("<hash>-<size>.webp", ITEM_PHOTO_FILE). A name
 * is its content's hash, so a file once written never changes and writing it again is harmless.
 */
export interface PhotoStore {
  put(name: string, webp: Uint8Array<ArrayBuffer>): Promise<void>;
  /** The file's bytes, or null when there is none by that name. */
  get(name: string): Promise<Uint8Array | null>;
}

/** The only names a store reads or writes: no path of anyone's choosing reaches a disk or a bucket. */
export const ITEM_PHOTO_FILE = /^[0-9a-f]{32}-(128|256|512)\.webp$/;

export function assertPhotoFileName(name: string): void {
  if (!ITEM_PHOTO_FILE.test(name)) throw new Error(`"${name}" is not an item photo's file name`);
}

/** A folder on this machine: the data folder's item-photos (dataFolder.itemPhotos) when S3 is not configured. */
export class FolderPhotoStore implements PhotoStore {
  constructor(private readonly folder: string) {}

  async put(name: string, webp: Uint8Array<ArrayBuffer>): Promise<void> {
    assertPhotoFileName(name);
    await mkdir(this.folder, { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = path.join(this.folder, `.${name}.${randomUUID()}`);
    await writeFile(partial, webp);
    await rename(partial, path.join(this.folder, name));
  }

  async get(name: string): Promise<Uint8Array | null> {
    assertPhotoFileName(name);
    try {
      return await readFile(path.join(this.folder, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}
