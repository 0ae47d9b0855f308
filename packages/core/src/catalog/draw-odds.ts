import type { Prisma } from "@prizepacks/db/prisma";
import type { Deps } from "../runtime/deps.ts";

// Every opening names the odds hash it was drawn with. When a pack's odds change, a draw made
// before must still be checkable against its own ticket ranges, not today's: this looks one
// version up by that hash. The ranges are public for every pack on sale, and the hash of a
// version that never was on sale is known only to whoever holds it, so no admin rule applies.

export interface DrawOddsItem {
  itemId: string;
  name: string;
  rarity: string;
  ticketFrom: number;
  ticketTo: number;
}

export interface DrawOdds {
  slug: string;
  name: string;
  oddsVersion: number;
  oddsHash: string;
  items: DrawOddsItem[];
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** An odds version with its pack and its ticket ranges' items, in ticket order. */
export const oddsVersionWithRanges = {
  pack: true,
  ranges: { include: { item: true }, orderBy: { ticketFrom: "asc" } },
} satisfies Prisma.OddsVersionInclude;

type RangeWithItem = Prisma.OddsVersionGetPayload<{ include: typeof oddsVersionWithRanges }>["ranges"][number];

export function drawOddsItem(range: RangeWithItem): DrawOddsItem {
  return { itemId: range.itemId, name: range.item.name, rarity: range.item.rarity, ticketFrom: range.ticketFrom, ticketTo: range.ticketTo };
}

/** The ticket ranges of the odds version of pack `slug` whose hash is `oddsHash`, or null. */
export async function findDrawOdds(services: Deps, slug: string, oddsHash: string): Promise<DrawOdds | null> {
  const db = services.database.prisma;
  if (!SHA256_HEX.test(oddsHash)) return null;
  const version = await db.oddsVersion.findFirst({
    where: { oddsHash, pack: { slug } },
    include: oddsVersionWithRanges,
  });
  if (!version) return null;
  return {
    slug: version.pack.slug,
    name: version.pack.name,
    oddsVersion: version.version,
    oddsHash: version.oddsHash,
    items: version.ranges.map(drawOddsItem),
  };
}
