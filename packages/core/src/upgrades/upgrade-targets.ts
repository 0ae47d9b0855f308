import { z } from "zod";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import type { PackWithOdds } from "../catalog/pack-views.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { moneyToCents } from "../contract/money-cents.ts";
import type { UpgradeTarget, UpgradeTargetPage } from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { pageLimit } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";

export const UPGRADE_TARGETS_PAGE_SIZE = 50;

const AmountFilter = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount like "25.00"');

export const ListUpgradeTargetsInputSchema = z.object({
  search: StorableText.max(100).optional(),
  minValue: AmountFilter.optional(),
  maxValue: AmountFilter.optional(),
  cursor: IdSchema.optional(),
  limit: z.number().int().optional(),
});
export type ListUpgradeTargetsInput = z.input<typeof ListUpgradeTargetsInputSchema>;

/** A target and its value in cents, as the rules use it. */
export interface CatalogTarget {
  target: UpgradeTarget;
  valueCents: bigint;
}

type PackItemRow = NonNullable<PackWithOdds["currentOddsVersion"]>["ranges"][number]["item"];

function toCatalogTarget(pack: PackWithOdds, item: PackItemRow): CatalogTarget {
  const value = formatMoney(item.value);
  return {
    valueCents: moneyToCents(value),
    target: {
      id: item.id,
      name: item.name,
      rarity: item.rarity,
      value,
      image: item.image,
      ships: item.ships,
      pack: { id: pack.id, slug: pack.slug, name: pack.name },
    },
  };
}

/**
 * Every item that can be won from an active pack, once: an item in several packs (the same name
 * and value) is listed under the first pack of the catalogue's order. Cheapest first, then by
 * name and id. Built from the in-memory catalogue (no query): it changes when the catalogue does.
 */
async function catalogTargets(catalog: CatalogCache): Promise<CatalogTarget[]> {
  const seen = new Set<string>();
  const targets: CatalogTarget[] = [];
  for (const { pack } of await catalog.listActive()) {
    for (const { item } of pack.currentOddsVersion?.ranges ?? []) {
      const key = `${item.name.trim().toLowerCase()}\u0000${formatMoney(item.value)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      targets.push(toCatalogTarget(pack, item));
    }
  }
  return targets.sort(
    (a, b) =>
      (a.valueCents < b.valueCents ? -1 : a.valueCents > b.valueCents ? 1 : 0) ||
      a.target.name.localeCompare(b.target.name) ||
      (a.target.id < b.target.id ? -1 : 1),
  );
}

/**
 * The item `itemId` of an active pack, whether or not the list shows it under another pack;
 * null when no active pack has it.
 */
export async function findCatalogTarget(catalog: CatalogCache, itemId: string): Promise<CatalogTarget | null> {
  for (const { pack } of await catalog.listActive()) {
    const range = pack.currentOddsVersion?.ranges.find((r) => r.item.id === itemId);
    if (range) return toCatalogTarget(pack, range.item);
  }
  return null;
}

/**
 * What an upgrade can aim at (and an exchange take, `ships` ones): a page of the catalogue's
 * items, optionally matching a search in the name and within a value range. The cursor is the
 * last item's id (the list is the catalogue in memory, ordered by value).
 */
export async function listUpgradeTargets(
  services: { catalog: CatalogCache },
  input: ListUpgradeTargetsInput = {},
): Promise<UpgradeTargetPage> {
  const { search, minValue, maxValue, cursor, limit } = parseInputOrThrow(ListUpgradeTargetsInputSchema, input);
  const take = pageLimit(limit, UPGRADE_TARGETS_PAGE_SIZE);
  const min = minValue === undefined ? null : moneyToCents(minValue);
  const max = maxValue === undefined ? null : moneyToCents(maxValue);
  const needle = search?.trim().toLowerCase();
  const all = (await catalogTargets(services.catalog)).filter(
    ({ target, valueCents }) =>
      (min === null || valueCents >= min) && (max === null || valueCents <= max) && (!needle || target.name.toLowerCase().includes(needle)),
  );
  let start = 0;
  if (cursor !== undefined) {
    const at = all.findIndex(({ target }) => target.id === cursor);
    if (at < 0) throw new AppError("BAD_REQUEST", "Invalid cursor: pass the nextCursor of a previous page with the same filters.");
    start = at + 1;
  }
  const page = all.slice(start, start + take).map(({ target }) => target);
  const more = start + take < all.length;
  return { targets: page, nextCursor: more ? page[page.length - 1]!.id : null };
}
