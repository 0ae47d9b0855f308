import { ticketsToChance } from "@prizepacks/fairness";
import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney, moneyToNumber } from "../money.ts";
import type { PackDetail, PackSummary } from "../contract/catalog.ts";

// One query shape for everything that shows a pack: the pack with its current odds table.
export const packWithOdds = {
  currentOddsVersion: {
    include: { ranges: { include: { item: true }, orderBy: { ticketFrom: "asc" } } },
  },
} satisfies Prisma.PackInclude;

export type PackWithOdds = Prisma.PackGetPayload<{ include: typeof packWithOdds }>;

export function toPackSummary(pack: PackWithOdds, spinCount: number): PackSummary {
  const values = pack.currentOddsVersion?.ranges.map((range) => range.item.value) ?? [];
  const maxItemValue = values.reduce<Prisma.Decimal>((max, value) => (value.gt(max) ? value : max), new Prisma.Decimal(0));
  return {
    id: pack.id,
    slug: pack.slug,
    name: pack.name,
    image: pack.image,
    price: formatMoney(pack.price),
    // Trusted, not checked: savePack takes any upper-case label (PackFileSchema), not only these.
    category: pack.category as PackSummary["category"],
    rarityTheme: pack.rarityTheme as PackSummary["rarityTheme"],
    maxItemValue: moneyToNumber(maxItemValue),
    spinCount,
  };
}

export function toPackDetail(pack: PackWithOdds, spinCount: number): PackDetail {
  const odds = pack.currentOddsVersion;
  const ranges = odds?.ranges ?? [];
  const expectedValue = ranges.reduce(
    (sum, range) => sum.plus(range.item.value.times(range.ticketTo - range.ticketFrom + 1)),
    new Prisma.Decimal(0),
  );
  return {
    ...toPackSummary(pack, spinCount),
    description: pack.description,
    oddsHash: odds?.oddsHash ?? "",
    oddsVersion: odds?.version ?? 0,
    expectedValue: formatMoney(expectedValue.dividedBy(100_000).toDecimalPlaces(2)),
    beatPriceChance: ticketsToChance(
      ranges.filter((range) => range.item.value.gt(pack.price)).reduce((sum, range) => sum + range.ticketTo - range.ticketFrom + 1, 0),
    ),
    items: ranges.map((range) => ({
      id: range.item.id,
      name: range.item.name,
      rarity: range.item.rarity,
      value: formatMoney(range.item.value),
      image: range.item.image,
      chance: ticketsToChance(range.ticketTo - range.ticketFrom + 1),
      ticketFrom: range.ticketFrom,
      ticketTo: range.ticketTo,
    })),
  };
}
