export { demoCatalog, demoCatalogueFile } from "./catalog.ts";
export { ART_SET, itemArtPath, PACK_ART_ICONS, packArtIcons, packArtPath, withArtImages } from "./art.ts";
