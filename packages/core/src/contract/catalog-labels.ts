import type { Rarity as DatabaseRarity } from "@prizepacks/db";

/** Rarities, lowest first (the order a minimum rarity compares by): the database's Rarity enum. */
export const RARITIES = ["COMMON", "UNCOMMON", "RARE", "EPIC", "LEGENDARY"] as const satisfies readonly DatabaseRarity[];
export type Rarity = (typeof RARITIES)[number];

/** Whether `rarity` is `min` or above; every rarity is when there is no minimum. */
export function atLeastRarity(rarity: string, min: Rarity | undefined): boolean {
  return !min || RARITIES.indexOf(rarity as Rarity) >= RARITIES.indexOf(min);
}

/** The labels a pack can carry: the API documents them as enums, so a new one is added here. */
export const PACK_CATEGORIES = ["TECH", "CARDS", "GAMING", "SPORTS", "FASHION", "SNEAKERS", "TRAVEL", "WATCHES"] as const;

/** A pack's colour theme: its page and its art (/art/pack/<theme>/…). */
export const RARITY_THEMES = ["BRONZE", "SILVER", "GOLD", "NEON", "DIAMOND"] as const;
export type RarityTheme = (typeof RARITY_THEMES)[number];

/**
 * The one way a chance is shown to a player: always three decimals, the tickets' own precision
 * (a ticket is 0.001 %), so 68 %, 4.85 % and 0.1 % line up and none looks rounder than it is.
 */
export function displayChance(percent: number): string {
  return `${percent.toFixed(3)}%`;
}
