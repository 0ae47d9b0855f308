import type { CatalogPack } from "@prizepacks/db/seed";
import type { Db } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { publishPackOdds } from "./publish-pack-odds.ts";

/** Creates one catalog pack with its items and first odds version. Doubles as a test fixture. */
export async function createPack(db: Db, pack: CatalogPack) {
  const created = await db.pack.create({
    data: {
      slug: pack.slug,
      name: pack.name,
      description: pack.description,
      image: pack.image,
      price: new Prisma.Decimal(pack.price),
      category: pack.category,
      rarityTheme: pack.rarityTheme,
      active: pack.active,
      items: {
        create: pack.items.map((item) => ({
          key: item.key,
          name: item.name,
          rarity: item.rarity,
          value: new Prisma.Decimal(item.value),
          image: item.image,
        })),
      },
    },
    include: { items: true },
  });
  const idByKey = new Map(created.items.map((item) => [item.key, item.id]));
  await publishPackOdds(db, {
    packId: created.id,
    items: pack.items.map((item) => ({ itemId: idByKey.get(item.key)!, tickets: item.tickets })),
  });
  return created;
}
