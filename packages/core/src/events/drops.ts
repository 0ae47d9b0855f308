import type { SqlQuery } from "@prizepacks/db";
import type { z } from "zod";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import { UPGRADE_DROP_MULTIPLIER, type DropSchema } from "../contract/events.ts";
import { centsToMoney, moneyToCents } from "../contract/money-cents.ts";
import type { UpgradeResult } from "../contract/upgrades.ts";
import { atLeastRarity, RARITIES, type Rarity } from "../contract/catalog-labels.ts";
import type { Deps } from "../runtime/deps.ts";

/** A public opening: what anyone may see of it (the player's name masked to one letter); its documented shape. */
export type Drop = z.infer<typeof DropSchema>;

/** "Jane Doe" -> "J***": enough to tell drops apart, nothing to find the player by. */
export function maskPlayerName(name: string | null | undefined): string {
  const first = [...(name ?? "").trim()][0];
  return `${first ? first.toUpperCase() : "P"}***`;
}

/** An open.completed event, or an upgrade.completed one that reaches the feed (upgradeDropWhere), as read for the feed. */
export interface OpeningRow extends Record<string, unknown> {
  id: string;
  type: "open.completed" | "upgrade.completed";
  createdAt: Date;
  name: string | null;
  /** The player's level (account_reward, as of their last wager); null when not read. */
  level: number | null;
  data: OpeningData | UpgradeData;
}
interface OpeningData {
  spin: { packId: string };
  item: Drop["item"];
}
type UpgradeData = Pick<UpgradeResult, "upgrade" | "target">;

/** Whether an upgrade's event reaches the public feed: won, for more than UPGRADE_DROP_MULTIPLIER times its stake. */
export function isUpgradeDrop({ upgrade }: Pick<UpgradeResult, "upgrade">): boolean {
  return upgrade.won && moneyToCents(upgrade.targetValue) > moneyToCents(upgrade.stakeValue) * BigInt(UPGRADE_DROP_MULTIPLIER);
}

/** isUpgradeDrop in SQL, over account_event `e`. */
const UPGRADE_DROP_WHERE = `e.type = 'upgrade.completed' AND (e.data->'upgrade'->>'won')::boolean
  AND (e.data->'upgrade'->>'targetValue')::numeric > ${UPGRADE_DROP_MULTIPLIER} * (e.data->'upgrade'->>'stakeValue')::numeric`;

export function toDrops(rows: OpeningRow[], catalog: Map<string, Drop["pack"]>): Drop[] {
  return rows.flatMap((row): Drop[] => {
    const player = maskPlayerName(row.name);
    const level = row.level ?? null;
    const at = row.createdAt.toISOString();
    if (row.type === "upgrade.completed") {
      const { upgrade, target } = row.data as UpgradeData;
      const pack = catalog.get(target.packId);
      if (!pack) return [];
      const stakeCents = moneyToCents(upgrade.stakeValue);
      return [
        {
          id: row.id,
          at,
          player,
          level,
          pack,
          item: { id: target.id, name: target.name, rarity: target.rarity, value: target.value, image: target.image },
          kind: "upgrade",
          upgrade: {
            stakeValue: upgrade.stakeValue,
            multiplier: centsToMoney((moneyToCents(upgrade.targetValue) * 100n) / stakeCents),
            chance: upgrade.chance,
          },
        },
      ];
    }
    const { spin, item } = row.data as OpeningData;
    // A pack deactivated since is not advertised.
    const pack = catalog.get(spin.packId);
    if (!pack) return [];
    return [{ id: row.id, at, player, level, pack, item, kind: "open" }];
  });
}

// The level as it is now (the account's last wager set it): a drop of a day ago shows the level
// its player has today, as their profile does.
const OPENINGS = `SELECT e.id::text AS id, e.type, e."createdAt", e.data, u.name, coalesce(r.level, 0) AS level
  FROM account_event e JOIN "user" u ON u.id = e."userId" LEFT JOIN account_reward r ON r."userId" = e."userId"`;

/** The latest drops, oldest first, for a viewer who just arrived. */
export async function recentDrops(
  services: Deps,
  catalog: CatalogCache,
  { limit, minRarity }: { limit: number; minRarity?: Rarity },
): Promise<Drop[]> {
  const sql = services.database.sql;
  const rarities = RARITIES.filter((rarity) => atLeastRarity(rarity, minRarity));
  const rows = await sql.query<OpeningRow>(
    `${OPENINGS}
      WHERE (e.type = 'open.completed' AND e.data->'item'->>'rarity' = ANY($1::text[]))
         OR (${UPGRADE_DROP_WHERE} AND e.data->'target'->>'rarity' = ANY($1::text[]))
      ORDER BY e.id DESC LIMIT $2`,
    [rarities, limit],
  );
  return toDrops(rows.reverse(), await packsById(catalog));
}

export async function packsById(catalog: CatalogCache): Promise<Map<string, Drop["pack"]>> {
  const packs = await catalog.listActive();
  return new Map(packs.map(({ pack }) => [pack.id, { id: pack.id, slug: pack.slug, name: pack.name, price: pack.price.toFixed(2) }]));
}

/** The most valuable item won from a pack recently. */
export interface BestPull {
  packId: string;
  at: string;
  item: Drop["item"];
}

export const BEST_PULL_HOURS = 24;
/** The best pulls are read at most this often per process: the catalogue asks on every view, openings never pay. */
const BEST_PULLS_CACHE_MS = 30_000;
const bestPullsCache = new WeakMap<SqlQuery, { at: number; pulls: Promise<Map<string, BestPull>> }>();

/**
 * Each pack's most valuable drop of the last 24 hours, read from the openings' events (which
 * are kept for a day anyway) rather than from spins, and cached: it costs the open path nothing.
 */
export function listBestPulls(services: Deps): Promise<Map<string, BestPull>> {
  const sql = services.database.sql;
  const cached = bestPullsCache.get(sql);
  if (cached && Date.now() - cached.at < BEST_PULLS_CACHE_MS) return cached.pulls;
  const pulls = readBestPulls(services);
  bestPullsCache.set(sql, { at: Date.now(), pulls });
  pulls.catch(() => bestPullsCache.delete(sql));
  return pulls;
}

/** listBestPulls without its cache. */
export async function readBestPulls(services: Deps): Promise<Map<string, BestPull>> {
  const sql = services.database.sql;
  const rows = await sql.query<{ packId: string; createdAt: Date; item: Drop["item"] } & Record<string, unknown>>(
    `SELECT DISTINCT ON (e.data->'spin'->>'packId') e.data->'spin'->>'packId' AS "packId", e."createdAt", e.data->'item' AS item
       FROM account_event e
      WHERE e.type = 'open.completed' AND e."createdAt" > now() - make_interval(hours => $1)
      ORDER BY e.data->'spin'->>'packId', (e.data->'item'->>'value')::numeric DESC, e.id DESC`,
    [BEST_PULL_HOURS],
  );
  return new Map(rows.map((row) => [row.packId, { packId: row.packId, at: new Date(row.createdAt).toISOString(), item: row.item }]));
}
