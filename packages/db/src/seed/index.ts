export { demoCatalog, demoCatalogueFile, PACK_CATEGORIES, RARITIES, RARITY_THEMES } from "./catalog.ts";
export type { CatalogItem, CatalogPack, PackCategory, Rarity, RarityTheme } from "./catalog.ts";
export { ART_RARITIES, ART_SET, ART_THEMES, itemArtPath, PACK_ART_ICONS, packArtIcons, packArtPath, withArtImages } from "./art.ts";
