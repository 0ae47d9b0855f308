export { demoCatalog } from "./catalog.ts";
export type { CatalogItem, CatalogPack } from "./catalog.ts";
