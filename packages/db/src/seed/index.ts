export { demoCatalog, demoCatalogueFile } from "./catalog.ts";
export type { CatalogItem, CatalogPack } from "./catalog.ts";
