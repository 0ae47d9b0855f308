import type { Rarity } from "../generated/prisma/enums.ts";
import demoCatalogue from "./demo-catalogue.json" with { type: "json" };

/**
 * Demo catalog seeded into an empty database, kept as a pack file (demo-catalogue.json, the
 * format of `npm run admin -- pack:import/pack:export`) and loaded through the same import.
 * Every image is drawn from the art set (see art.ts): a pack's from its best items' icons.
 *
 * Each pack's item chances sum to exactly 100% (tickets = chance × 1000 of 100000), items are
 * listed from most to least valuable, and the expected return of every pack,
 * sum(value * tickets / 100000), is close to 90% of its price.
 */

export interface CatalogItem {
  key: string;
  name: string;
  rarity: Rarity;
  value: string;
  /** An art-set path ("/art/item/EPIC/trophy.svg", see art.ts) or a hand-made image. */
  image: string;
  tickets: number;
}

export interface CatalogPack {
  slug: string;
  name: string;
  description: string;
  image: string;
  price: string;
  /** A label of PACK_CATEGORIES and one of RARITY_THEMES (@prizepacks/core/shared). */
  category: string;
  rarityTheme: string;
  active: boolean;
  items: CatalogItem[];
}

/** The file as written, chances in percent. */
export const demoCatalogueFile: unknown[] = demoCatalogue;

/** "1.296" → 1296 tickets, exactly. */
function chanceToTickets(chance: string): number {
  const [whole = "0", fraction = ""] = chance.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

/** The same catalogue with tickets, for tests and fixtures. */
export const demoCatalog: CatalogPack[] = demoCatalogue.map((pack) => ({
  ...pack,
  items: pack.items.map(({ chance, ...item }) => ({ ...item, rarity: item.rarity as Rarity, tickets: chanceToTickets(chance) })),
}));
