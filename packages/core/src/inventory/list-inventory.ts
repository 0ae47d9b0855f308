import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney } from "../money.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import type { InventoryItem, InventoryPage } from "../contract/inventory.ts";
import type { Deps } from "../runtime/deps.ts";

export const INVENTORY_PAGE_SIZE = 50;

export interface ListInventoryInput {
  userId: string;
  status?: InventoryItem["status"];
  /** Only these items (the web app's "Ship it" link, whose items may be older than a page). */
  ids?: readonly string[];
  cursor?: string;
  limit?: number;
}

const inventoryItemView = {
  item: { select: { name: true, rarity: true, image: true, ships: true, packId: true, pack: { select: { name: true } } } },
} satisfies Prisma.InventoryItemInclude;

type InventoryItemRow = Prisma.InventoryItemGetPayload<{ include: typeof inventoryItemView }>;

function toInventoryItem(row: InventoryItemRow): InventoryItem {
  return {
    id: row.id,
    itemId: row.itemId,
    packId: row.item.packId,
    packName: row.item.pack.name,
    name: row.item.name,
    rarity: row.item.rarity,
    value: formatMoney(row.value),
    image: row.item.image,
    status: row.status,
    ships: row.item.ships,
    createdAt: row.createdAt.toISOString(),
    soldAt: row.soldAt?.toISOString() ?? null,
    spinId: row.spinId,
    battleId: row.battleId,
    upgradeId: row.upgradeId,
    exchangeId: row.exchangeId,
  };
}

/** One page of the account's items with one status, newest first, and the totals of what it holds. */
export async function listInventory(
  services: Deps,
  { userId, status = "HELD", ids, cursor, limit }: ListInventoryInput,
): Promise<InventoryPage> {
  const db = services.database.prisma;
  const take = pageLimit(limit, INVENTORY_PAGE_SIZE);
  const [rows, held] = await Promise.all([
    db.inventoryItem.findMany({
      where: { userId, status, ...(ids ? { id: { in: [...ids] } } : {}), ...afterPageCursor(cursor) },
      include: inventoryItemView,
      orderBy: newestFirst,
      take: take + 1,
    }),
    db.inventoryItem.aggregate({ where: { userId, status: "HELD" }, _sum: { value: true }, _count: { _all: true } }),
  ]);
  const page = toPage(rows, take);
  return {
    items: page.rows.map(toInventoryItem),
    totalValue: formatMoney(held._sum.value ?? 0),
    heldCount: held._count._all,
    nextCursor: page.nextCursor,
  };
}
