import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney } from "../money.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import type { HistoryPage, HistorySummary, SpinHistoryEntry } from "../contract/history.ts";
import type { Deps } from "../runtime/deps.ts";
import { getPlayTotals } from "../protection/play-totals.ts";
import { findLeafIndices } from "../transparency/read-log.ts";
import { toUpgradeEntry, upgradeView } from "../upgrades/list-upgrades.ts";

export const HISTORY_PAGE_SIZE = 20;

export interface ListSpinHistoryInput {
  userId: string;
  packId?: string;
  cursor?: string;
  limit?: number;
}

const spinView = {
  pack: { select: { id: true, slug: true, name: true, image: true } },
  item: { select: { id: true, name: true, rarity: true, value: true, image: true } },
  seedPair: { select: { serverSeed: true, serverSeedHash: true, clientSeed: true, retiredAt: true } },
  oddsVersion: { select: { oddsHash: true, version: true } },
  inventoryItem: { select: { id: true } },
  rewardClaim: { select: { source: true } },
} satisfies Prisma.SpinInclude;

type SpinRow = Prisma.SpinGetPayload<{ include: typeof spinView }>;

function toSpinHistoryEntry(spin: SpinRow, leafIndex: number | null): SpinHistoryEntry {
  return {
    // The daily case's free opening (#39) names its spin from its reward claim.
    kind: spin.rewardClaim?.source === "daily" ? "daily" : "open",
    id: spin.id,
    createdAt: spin.createdAt.toISOString(),
    pack: spin.pack,
    item: { ...spin.item, value: formatMoney(spin.item.value) },
    price: formatMoney(spin.price),
    // Every spin has its inventory item (created in the same transaction; the audit checks it).
    inventoryItemId: spin.inventoryItem!.id,
    fairness: {
      serverSeedHash: spin.seedPair.serverSeedHash,
      // Secret while the pair is active: revealing it would let anyone predict the next draws.
      serverSeed: spin.seedPair.retiredAt ? spin.seedPair.serverSeed : null,
      clientSeed: spin.seedPair.clientSeed,
      nonce: spin.nonce,
      hash: spin.hash,
      result: spin.result,
      oddsHash: spin.oddsVersion.oddsHash,
      oddsVersion: spin.oddsVersion.version,
    },
    leafIndex,
  };
}

/**
 * What used the account's seed pairs, newest first, each with what it takes to verify it:
 * openings and upgrades (none with a pack), `limit` of them in all. One keyset over both tables:
 * each gives its first limit + 1 after the cursor, and the newest of the two lists make the page.
 */
export async function listSpinHistory(services: Deps, { userId, packId, cursor, limit }: ListSpinHistoryInput): Promise<HistoryPage> {
  const db = services.database.prisma;
  const take = pageLimit(limit, HISTORY_PAGE_SIZE);
  const after = afterPageCursor(cursor);
  const [spins, upgrades] = await Promise.all([
    db.spin.findMany({
      where: { userId, ...(packId !== undefined && { packId }), ...after },
      include: spinView,
      orderBy: newestFirst,
      take: take + 1,
    }),
    packId === undefined
      ? db.upgrade.findMany({ where: { userId, ...after }, include: upgradeView, orderBy: newestFirst, take: take + 1 })
      : [],
  ]);
  const merged = [...spins.map((row) => ({ row, kind: "open" as const })), ...upgrades.map((row) => ({ row, kind: "upgrade" as const }))]
    .map((entry) => ({ ...entry, createdAt: entry.row.createdAt, id: entry.row.id }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = toPage(merged, take);
  const leaves = await findLeafIndices(services, page.rows);
  const leafIndex = (entry: { kind: "open" | "upgrade"; id: string }) => leaves.get(`${entry.kind}:${entry.id}`) ?? null;
  return {
    spins: page.rows.flatMap((entry) => (entry.kind === "open" ? [toSpinHistoryEntry(entry.row, leafIndex(entry))] : [])),
    upgrades: page.rows.flatMap((entry) => (entry.kind === "upgrade" ? [toUpgradeEntry(entry.row, leafIndex(entry))] : [])),
    nextCursor: page.nextCursor,
  };
}

/**
 * The account's totals: with a pack, over that pack's openings (those listHistory pages through);
 * without, over every game (getPlayTotals: openings and battles, all time). A battle is of
 * several packs, so a pack's totals leave battles out.
 */
export async function summarizeSpinHistory(
  services: Deps,
  { userId, packId }: { userId: string; packId?: string },
): Promise<HistorySummary> {
  const db = services.database.prisma;
  if (packId === undefined) {
    const play = await getPlayTotals(services, userId);
    return {
      openings: play.openings,
      battles: play.battles,
      paid: formatMoney(play.paid),
      won: formatMoney(play.won),
      net: formatMoney(play.won.minus(play.paid)),
    };
  }
  const totals = await db.spin.aggregate({
    where: { userId, packId },
    _count: { _all: true },
    _sum: { price: true, value: true },
  });
  const paid = totals._sum.price ?? new Prisma.Decimal(0);
  const won = totals._sum.value ?? new Prisma.Decimal(0);
  return { openings: totals._count._all, battles: 0, paid: formatMoney(paid), won: formatMoney(won), net: formatMoney(won.minus(paid)) };
}
