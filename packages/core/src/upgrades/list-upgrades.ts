import { Prisma } from "@prizepacks/db/prisma";
import { chancePercent, type UpgradeEntry, type UpgradePage } from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import type { Deps } from "../runtime/deps.ts";
import { findLeafIndices } from "../transparency/read-log.ts";

export const UPGRADES_PAGE_SIZE = 20;

export const upgradeView = {
  targetItem: { select: { id: true, name: true, rarity: true, value: true, image: true, ships: true, packId: true } },
  seedPair: { select: { serverSeed: true, serverSeedHash: true, clientSeed: true, retiredAt: true } },
  stakes: {
    select: { inventoryItemId: true, value: true, inventoryItem: { select: { itemId: true } } },
    orderBy: { inventoryItemId: "asc" },
  },
  wonItem: { select: { id: true, itemId: true, value: true } },
} satisfies Prisma.UpgradeInclude;

export type UpgradeRow = Prisma.UpgradeGetPayload<{ include: typeof upgradeView }>;

/** An upgrade as its history shows it: with the server seed once its pair is retired, so it verifies. */
export function toUpgradeEntry(row: UpgradeRow, leafIndex: number | null = null): UpgradeEntry {
  const { targetItem } = row;
  return {
    kind: "upgrade",
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    stakeValue: formatMoney(row.stakeValue),
    // The value it was rolled for (the item's may have changed since).
    targetValue: formatMoney(row.targetValue),
    chanceTickets: row.chanceTickets,
    chance: chancePercent(row.chanceTickets),
    edgeBps: row.edgeBps,
    capTickets: row.capTickets,
    nonce: row.nonce,
    ticket: row.ticket,
    won: row.won,
    target: { ...targetItem, value: formatMoney(row.targetValue) },
    stake: row.stakes.map((stake) => ({ id: stake.inventoryItemId, itemId: stake.inventoryItem.itemId, value: formatMoney(stake.value) })),
    inventoryItem: row.wonItem && { id: row.wonItem.id, itemId: row.wonItem.itemId, value: formatMoney(row.wonItem.value) },
    fairness: {
      recipe: "upgrade/v1",
      serverSeedHash: row.seedPair.serverSeedHash,
      // Secret while the pair is active: revealing it would let anyone predict the next rolls.
      serverSeed: row.seedPair.retiredAt ? row.seedPair.serverSeed : null,
      clientSeed: row.seedPair.clientSeed,
      nonce: row.nonce,
      hash: row.hash,
      result: row.ticket,
    },
    leafIndex,
  };
}

/** The account's upgrades, newest first. */
export async function listUpgrades(
  services: Deps,
  { userId, cursor, limit }: { userId: string; cursor?: string; limit?: number },
): Promise<UpgradePage> {
  const take = pageLimit(limit, UPGRADES_PAGE_SIZE);
  const rows = await services.database.prisma.upgrade.findMany({
    where: { userId, ...afterPageCursor(cursor) },
    include: upgradeView,
    orderBy: newestFirst,
    take: take + 1,
  });
  const page = toPage(rows, take);
  const leaves = await findLeafIndices(
    services,
    page.rows.map((row) => ({ kind: "upgrade" as const, id: row.id })),
  );
  return { upgrades: page.rows.map((row) => toUpgradeEntry(row, leaves.get(`upgrade:${row.id}`) ?? null)), nextCursor: page.nextCursor };
}

/** One upgrade of the account (404 for anyone else's). */
export async function getUpgrade(services: Deps, userId: string, id: string): Promise<UpgradeEntry> {
  const row = await services.database.prisma.upgrade.findFirst({ where: { id, userId }, include: upgradeView });
  if (!row) throw new AppError("NOT_FOUND", `Upgrade "${id}" was not found.`);
  const leaves = await findLeafIndices(services, [{ kind: "upgrade", id }]);
  return toUpgradeEntry(row, leaves.get(`upgrade:${id}`) ?? null);
}
