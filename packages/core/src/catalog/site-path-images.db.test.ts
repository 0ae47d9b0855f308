import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Rarity } from "@prizepacks/db";
import { applyMigrations, listMigrations } from "@prizepacks/db/migrate";
import { openTestDatabase } from "../testing/test-database.ts";

// Packs saved before images had to be paths on this site, and what the migration does to them.
const MIGRATION = "20261124120000_site_path_images";

describe(`migration ${MIGRATION}`, () => {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(listMigrations().filter((migration) => migration.name < MIGRATION));
  });
  afterAll(() => database?.close());

  it("resets images that are not site paths to the gift, logs each reset against its pack, then refuses them", async () => {
    const db = database!.prisma;
    // Items by SQL: the client knows columns later migrations add (pack_item.ships), this database not yet.
    const pack = async (slug: string, image: string, rarityTheme: string, items: Array<[key: string, rarity: Rarity, image: string]>) => {
      const created = await db.pack.create({
        data: { slug, name: slug, image, price: "5.00", category: "TEST", rarityTheme },
        select: { id: true },
      });
      for (const [key, rarity, itemImage] of items) {
        await db.$executeRaw`
          INSERT INTO pack_item (id, "packId", key, name, rarity, value, image)
          VALUES (${`${slug}-${key}`}, ${created.id}, ${key}, ${key}, ${rarity}::"Rarity", 1.00, ${itemImage})`;
      }
      return created;
    };
    const evil = await pack("evil", "https://evil.example/x.png", "NEON", [
      ["a", "EPIC", "//evil.example/a.png"],
      ["b", "COMMON", "/art/item/COMMON/coin.svg"],
      ["c", "RARE", "data:image/png;base64,AAAA"],
    ]);
    const otherTheme = await pack("other-theme", "javascript:alert(1)", "PLATINUM", [["d", "COMMON", "/images/d.svg"]]);
    const itemOnly = await pack("item-only", "/art/pack/GOLD/crown.svg", "GOLD", [["e", "LEGENDARY", "/images/../../e.png"]]);
    const fine = await pack("fine", "/images/packs/fine.svg", "SILVER", [["f", "UNCOMMON", "/art/item/UNCOMMON/crown.svg"]]);

    expect(await applyMigrations(database!.sql)).toContain(MIGRATION);

    const images = async (packId: string) => {
      const row = await db.pack.findUniqueOrThrow({ where: { id: packId }, include: { items: { orderBy: { key: "asc" } } } });
      return { image: row.image, items: Object.fromEntries(row.items.map((item) => [item.key, item.image])) };
    };
    expect(await images(evil.id)).toEqual({
      image: "/art/pack/NEON/wrapped-gift.svg",
      items: { a: "/art/item/EPIC/wrapped-gift.svg", b: "/art/item/COMMON/coin.svg", c: "/art/item/RARE/wrapped-gift.svg" },
    });
    expect(await images(otherTheme.id)).toEqual({ image: "/art/pack/GOLD/wrapped-gift.svg", items: { d: "/images/d.svg" } });
    expect(await images(itemOnly.id)).toEqual({ image: "/art/pack/GOLD/crown.svg", items: { e: "/art/item/LEGENDARY/wrapped-gift.svg" } });
    expect(await images(fine.id)).toEqual({ image: "/images/packs/fine.svg", items: { f: "/art/item/UNCOMMON/crown.svg" } });

    const log = await db.adminLog.findMany({ where: { actor: "migration" }, orderBy: { targetId: "asc" } });
    expect(log.map(({ action, targetType, targetId, before, after }) => ({ action, targetType, targetId, before, after }))).toEqual(
      [
        {
          targetId: evil.id,
          before: { image: "https://evil.example/x.png", items: { a: "//evil.example/a.png", c: "data:image/png;base64,AAAA" } },
          after: {
            image: "/art/pack/NEON/wrapped-gift.svg",
            items: { a: "/art/item/EPIC/wrapped-gift.svg", c: "/art/item/RARE/wrapped-gift.svg" },
          },
        },
        { targetId: otherTheme.id, before: { image: "javascript:alert(1)" }, after: { image: "/art/pack/GOLD/wrapped-gift.svg" } },
        {
          targetId: itemOnly.id,
          before: { items: { e: "/images/../../e.png" } },
          after: { items: { e: "/art/item/LEGENDARY/wrapped-gift.svg" } },
        },
      ]
        .map((entry) => ({ action: "pack.updated", targetType: "pack", ...entry }))
        .sort((a, b) => a.targetId.localeCompare(b.targetId)),
    );

    // From now on the database refuses them from any writer, not only savePack.
    for (const image of ["//evil.example/x.png", "https://evil.example/x.png", "/a/../b.svg", "/a\\b.svg"]) {
      await expect(database!.sql.query(`UPDATE "pack" SET "image" = $1 WHERE "id" = $2`, [image, fine.id]), image).rejects.toThrow(
        /pack_image_site_path/,
      );
      await expect(database!.sql.query(`UPDATE "pack_item" SET "art" = $1 WHERE "packId" = $2`, [image, fine.id]), image).rejects.toThrow(
        /pack_item_art_site_path/,
      );
    }
  });
});
