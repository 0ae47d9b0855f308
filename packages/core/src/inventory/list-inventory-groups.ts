import type { Deps } from "../runtime/deps.ts";
import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney } from "../money.ts";
import type { InventoryGroup, InventoryGroupSort, InventoryGroups } from "../contract/inventory.ts";
import { MAX_ITEMS_PER_SALE } from "./sell-inventory-items.ts";

export interface ListInventoryGroupsInput {
  userId: string;
  sort?: InventoryGroupSort;
}

// Every order ends on the name and the item, so equal keys come back the same way each time.
const ORDER_BY: Record<InventoryGroupSort, Prisma.Sql> = {
  "value-desc": Prisma.sql`g.value DESC, p.name, g."itemId"`,
  "value-asc": Prisma.sql`g.value ASC, p.name, g."itemId"`,
  count: Prisma.sql`g.count DESC, g.value DESC, p.name, g."itemId"`,
  name: Prisma.sql`p.name, g.value DESC, g."itemId"`,
  newest: Prisma.sql`g."newestAt" DESC, p.name, g."itemId"`,
};

interface GroupRow {
  itemId: string;
  value: Prisma.Decimal;
  count: number;
  totalValue: Prisma.Decimal;
  newestAt: Date;
  inventoryItemIds: string[];
  packId: string;
  packName: string;
  name: string;
  rarity: InventoryGroup["rarity"];
  image: string;
  ships: boolean;
}

/**
 * The account's held items grouped by the pack item and the value each copy was won at (one
 * row per item, as a changed value makes a new item), in one GROUP BY, with the ids of each
 * group's oldest copies, as many as one sale takes.
 */
export async function listInventoryGroups(
  services: Deps,
  { userId, sort = "value-desc" }: ListInventoryGroupsInput,
): Promise<InventoryGroups> {
  const db = services.database.prisma;
  const rows = await db.$queryRaw<GroupRow[]>`
    SELECT g."itemId", g.value, g.count, g."totalValue", g."newestAt", g."inventoryItemIds",
           p."packId", pk.name AS "packName", p.name, p.rarity::text AS rarity, p.image, p.ships
    FROM (
      SELECT i."itemId", i.value, count(*)::int AS count, sum(i.value) AS "totalValue", max(i."createdAt") AS "newestAt",
             (array_agg(i.id ORDER BY i."createdAt", i.id))[1:${MAX_ITEMS_PER_SALE}] AS "inventoryItemIds"
      FROM inventory_item i
      WHERE i."userId" = ${userId} AND i.status = 'HELD'
      GROUP BY i."itemId", i.value
    ) g
    JOIN pack_item p ON p.id = g."itemId"
    JOIN pack pk ON pk.id = p."packId"
    ORDER BY ${ORDER_BY[sort]}`;
  const groups = rows.map((row) => ({
    itemId: row.itemId,
    packId: row.packId,
    packName: row.packName,
    name: row.name,
    rarity: row.rarity,
    image: row.image,
    value: formatMoney(row.value),
    count: row.count,
    ships: row.ships,
    totalValue: formatMoney(row.totalValue),
    newestAt: row.newestAt.toISOString(),
    inventoryItemIds: row.inventoryItemIds,
  }));
  const total = rows.reduce((sum, row) => sum.add(row.totalValue), new Prisma.Decimal(0));
  return { groups, totalValue: formatMoney(total), heldCount: rows.reduce((sum, row) => sum + row.count, 0) };
}
