import { formatMoney } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";
import { drawOddsItem, oddsVersionWithRanges, SHA256_HEX, type DrawOddsItem } from "./draw-odds.ts";

// A battle's spec names each round's pack and odds hash. Its verifier re-derives the draws from
// those ranges with the items' values, and its reels show the items: the same public data as
// findDrawOdds, looked up by pack id (the spec's) rather than slug.

export interface RoundOddsItem extends DrawOddsItem {
  image: string;
  value: string;
}

export interface RoundOdds {
  packId: string;
  slug: string;
  name: string;
  image: string;
  oddsVersion: number;
  oddsHash: string;
  items: RoundOddsItem[];
}

/** Each (packId, oddsHash) pair's odds version with item values, in the order asked; null where none matches. */
export async function listRoundOdds(
  services: Deps,
  rounds: ReadonlyArray<{ packId: string; oddsHash: string }>,
): Promise<Array<RoundOdds | null>> {
  const wanted = rounds.filter((round) => SHA256_HEX.test(round.oddsHash));
  if (wanted.length === 0) return rounds.map(() => null);
  const versions = await services.database.prisma.oddsVersion.findMany({
    where: { OR: wanted.map(({ packId, oddsHash }) => ({ packId, oddsHash })) },
    include: oddsVersionWithRanges,
  });
  const byKey = new Map(
    versions.map((version): [string, RoundOdds] => [
      `${version.packId}|${version.oddsHash}`,
      {
        packId: version.packId,
        slug: version.pack.slug,
        name: version.pack.name,
        image: version.pack.image,
        oddsVersion: version.version,
        oddsHash: version.oddsHash,
        items: version.ranges.map((range) => ({ ...drawOddsItem(range), image: range.item.image, value: formatMoney(range.item.value) })),
      },
    ]),
  );
  return rounds.map(({ packId, oddsHash }) => byKey.get(`${packId}|${oddsHash}`) ?? null);
}
