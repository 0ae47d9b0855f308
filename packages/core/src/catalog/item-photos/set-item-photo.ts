import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../../admin-log/admin-request.ts";
import { itemPhotoFileName } from "../../contract/item-photos.ts";
import { AppError } from "../../errors.ts";
import { parseInputOrThrow } from "../../parse-input.ts";
import { announceChange } from "../../runtime/change-feed.ts";
import type { Deps } from "../../runtime/deps.ts";
import { PackSlugSchema } from "../pack-admin.ts";
import { encodeItemPhoto } from "./encode-item-photo.ts";
import type { PhotoStore } from "./photo-store.ts";

export const ItemPhotoTargetSchema = z.object({
  slug: PackSlugSchema,
  itemKey: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "an item key: lower-case letters, digits and single hyphens")
    .max(64),
  requestKey: RequestKeySchema.optional(),
});
export type ItemPhotoTarget = z.input<typeof ItemPhotoTargetSchema>;

export interface ItemPhotoResult {
  slug: string;
  itemKey: string;
  /** What the item shows now: its photo's 256 px file, or its drawn art. */
  image: string;
}

/**
 * Sets an item's photo to `photo` (a content hash) or none, with the admin log's entry, in the
 * console's once-per-request transaction. An archived pack is left as it was, as savePack leaves it.
 */
function changeItemPhoto(services: Deps, actor: AdminActor, target: z.output<typeof ItemPhotoTargetSchema>, photo: string | null) {
  const { slug, itemKey, requestKey } = target;
  const action = photo ? "item.photo_set" : "item.photo_removed";
  return runAdminMutation<{ slug: string; itemKey: string; image: string }>(
    services.database.prisma,
    actor,
    { requestKey, action, request: { slug, itemKey, photo } },
    async (tx) => {
      // The item row locked: two admins setting its photo at once each log the photo they replaced.
      const [item] = await tx.$queryRaw<Array<{ id: string; packId: string; archived: boolean; before: string | null }>>`
        SELECT i.id, i."packId", p."archivedAt" IS NOT NULL AS archived, i.photo AS before
        FROM pack_item i JOIN pack p ON p.id = i."packId"
        WHERE p.slug = ${slug} AND i.key = ${itemKey}
        FOR UPDATE OF i`;
      if (!item) throw new AppError("NOT_FOUND", `Pack ${slug} has no item ${itemKey}.`);
      if (item.archived) throw new AppError("CONFLICT", `Pack ${slug} is archived; archived packs cannot be changed.`);
      const { image } = await tx.packItem.update({ where: { id: item.id }, data: { photo }, select: { image: true } });
      await writeAdminLog(
        services,
        actor,
        {
          action,
          targetType: "pack",
          targetId: item.packId,
          before: { item: itemKey, photo: item.before },
          after: { item: itemKey, photo },
        },
        { tx },
      );
      return { slug, itemKey, image };
    },
    () => announceChange(services, { kind: "catalog" }),
  );
}

/**
 * An operator's photo for an item: decoded and encoded again (encodeItemPhoto), its files kept
 * in the store before the item points at them, so no page ever links a file not yet there. A
 * file whose transaction then fails stays unreferenced; its name is its content, so a retry
 * writes the same file again.
 */
export async function setItemPhoto(
  services: Deps & { photos: PhotoStore },
  actor: AdminActor,
  input: ItemPhotoTarget,
  upload: Uint8Array,
): Promise<ItemPhotoResult> {
  const target = parseInputOrThrow(ItemPhotoTargetSchema, input);
  const encoded = await encodeItemPhoto(upload);
  await Promise.all(encoded.files.map((file) => services.photos.put(itemPhotoFileName(encoded.hash, file.size), file.webp)));
  return changeItemPhoto(services, actor, target, encoded.hash);
}

/** The item shows its drawn art again; the photo's files stay (other items, or cached pages, may show them). */
export function removeItemPhoto(services: Deps, actor: AdminActor, input: ItemPhotoTarget): Promise<ItemPhotoResult> {
  return changeItemPhoto(services, actor, parseInputOrThrow(ItemPhotoTargetSchema, input), null);
}
