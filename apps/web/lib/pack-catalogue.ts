import type { PackSummary } from "@prizepacks/core";
import { moneyToCents } from "@prizepacks/core/contract";

export const packSorts = [
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "popularity", label: "Most opened" },
] as const;

export type PackSort = (typeof packSorts)[number]["value"];

export interface CatalogueQuery {
  /** Upper-case category label, or null for every category. */
  category: string | null;
  sort: PackSort;
}

function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads ?category=TECH&sort=price-asc; anything unknown falls back to the defaults. */
export function parseCatalogueQuery(params: Record<string, string | string[] | undefined>): CatalogueQuery {
  const category = firstParam(params.category)?.trim().toUpperCase() || null;
  const rawSort = firstParam(params.sort);
  const sort = rawSort === "popular" ? "popularity" : packSorts.find((option) => option.value === rawSort)?.value;
  return { category, sort: sort ?? "price-asc" };
}

/** The distinct categories of the catalogue, alphabetically. */
export function listCategories(packs: PackSummary[]): string[] {
  return [...new Set(packs.map((pack) => pack.category))].sort();
}

/** "TECH" → "Tech", for option labels only; the value stays the API's label. */
export function categoryLabel(category: string): string {
  return category.charAt(0) + category.slice(1).toLowerCase().replaceAll("_", " ");
}

export function filterAndSortPacks(packs: PackSummary[], query: CatalogueQuery): PackSummary[] {
  const matching = query.category ? packs.filter((pack) => pack.category === query.category) : [...packs];
  const byName = (a: PackSummary, b: PackSummary) => a.name.localeCompare(b.name);
  const byPrice = (a: PackSummary, b: PackSummary) => Number(moneyToCents(a.price) - moneyToCents(b.price));
  switch (query.sort) {
    case "price-asc":
      return matching.sort((a, b) => byPrice(a, b) || byName(a, b));
    case "price-desc":
      return matching.sort((a, b) => byPrice(b, a) || byName(a, b));
    case "popularity":
      return matching.sort((a, b) => b.spinCount - a.spinCount || byName(a, b));
  }
}
