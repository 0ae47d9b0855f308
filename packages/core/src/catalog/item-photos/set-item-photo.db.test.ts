import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminLog } from "../../admin-log/admin-log.ts";
import { itemPhotoPath } from "../../contract/item-photos.ts";
import { createTestPack, createTestUser } from "../../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../../testing/vitest.ts";
import { getPackDetail } from "../get-pack.ts";
import { exportPack } from "../pack-admin.ts";
import { archivePack } from "../set-pack-active.ts";
import { FolderPhotoStore } from "./photo-store.ts";
import { removeItemPhoto, setItemPhoto } from "./set-item-photo.ts";

const services = useTestServices();
let folder: string;
beforeAll(async () => void (folder = await mkdtemp(path.join(tmpdir(), "item-photos-db-"))));
afterAll(() => rm(folder, { recursive: true, force: true }));
const withPhotos = () => ({ ...services(), photos: new FolderPhotoStore(folder) });

const photo = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

async function adminActor() {
  const { userId, email } = await createTestUser(services());
  return { id: userId, email };
}

describe("setItemPhoto", () => {
  it("stores the WebP files, points the item at the 256 px one for every reader, logs it, and keeps the art for the pack file", async () => {
    const actor = await adminActor();
    const pack = await createTestPack(services());
    const item = pack.items[0]!;
    const requestKey = randomUUID();

    const result = await setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey: item.key, requestKey }, await photo("#123456"));
    const hash = /^\/media\/items\/([0-9a-f]{32})-256\.webp$/.exec(result.image)?.[1];
    expect(hash).toBeDefined();
    expect((await readdir(folder)).filter((name) => name.startsWith(hash!)).sort()).toEqual(
      [128, 256, 512].map((size) => `${hash}-${size}.webp`).sort(),
    );

    const row = await services().database.prisma.packItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(row).toMatchObject({ photo: hash, art: item.art, image: itemPhotoPath(hash!, 256) });
    const detail = await getPackDetail(services(), pack.slug);
    expect(detail.items.find((shown) => shown.id === item.id)?.image).toBe(result.image);
    expect((await exportPack(services(), pack.slug)).items.find((exported) => exported.key === item.key)?.image).toBe(item.art);

    const { entries } = await listAdminLog(services(), { action: "item.photo_set", targetId: pack.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: actor.email,
      before: { item: item.key, photo: null },
      after: { item: item.key, photo: hash },
    });

    // The same submission again is the same request; its key with another picture is not.
    expect(await setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey: item.key, requestKey }, await photo("#123456"))).toEqual(
      result,
    );
    await expectAppError(
      setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey: item.key, requestKey }, await photo("#654321")),
      "CONFLICT",
    );
    expect((await listAdminLog(services(), { action: "item.photo_set", targetId: pack.id })).entries).toHaveLength(1);

    const removed = await removeItemPhoto(services(), actor, { slug: pack.slug, itemKey: item.key, requestKey: randomUUID() });
    expect(removed.image).toBe(item.art);
    const [removal] = (await listAdminLog(services(), { action: "item.photo_removed", targetId: pack.id })).entries;
    expect(removal).toMatchObject({ before: { item: item.key, photo: hash }, after: { item: item.key, photo: null } });
  });

  it("refuses a non-image (415) before storing anything, an unknown item (404), an archived pack (409) and a console call without a key", async () => {
    const actor = await adminActor();
    const pack = await createTestPack(services());
    const itemKey = pack.items[0]!.key;
    const before = await readdir(folder);
    await expectAppError(
      setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey, requestKey: randomUUID() }, Buffer.from("not a picture")),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(await readdir(folder)).toEqual(before);
    await expectAppError(
      setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey: "no-such-item", requestKey: randomUUID() }, await photo("#0f0")),
      "NOT_FOUND",
    );
    await expectAppError(setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey }, await photo("#0f0")), "BAD_REQUEST");
    await archivePack(services(), { slug: pack.slug });
    await expectAppError(
      setItemPhoto(withPhotos(), actor, { slug: pack.slug, itemKey, requestKey: randomUUID() }, await photo("#0f0")),
      "CONFLICT",
    );
    expect(await services().database.prisma.packItem.count({ where: { packId: pack.id, photo: { not: null } } })).toBe(0);
  });
});
