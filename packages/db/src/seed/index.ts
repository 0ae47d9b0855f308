export { demoCatalog, PACK_CATEGORIES, RARITIES, RARITY_THEMES } from "./catalog.ts";
export type { CatalogItem, CatalogPack, PackCategory, Rarity, RarityTheme } from "./catalog.ts";
