export * from "../contract/catalog.ts";
export { atLeastRarity, RARITIES } from "../contract/catalog-labels.ts";
export type { Rarity } from "../contract/catalog-labels.ts";
export { PackDraftSchema } from "../contract/pack-rules.ts";
export { getPackDetail, listActivePacks, getActivePackOrThrow } from "./get-pack.ts";
export { findDrawOdds } from "./draw-odds.ts";
export type { DrawOdds, DrawOddsItem } from "./draw-odds.ts";
export { listRoundOdds } from "./round-odds.ts";
export type { RoundOdds, RoundOddsItem } from "./round-odds.ts";
export type { CachedPack } from "./catalog-cache.ts";
export { rollUpSpinCounts } from "./spin-count-rollup.ts";
export { publishPackOdds } from "./publish-pack-odds.ts";
export { seedDemoCatalog } from "./seed-demo-catalog.ts";
export { archivePack, deletePack, PackActivationSchema, setPackActive } from "./set-pack-active.ts";
export { getRtpRange, RtpRangeSchema, setRtpRange } from "./catalog-settings.ts";
export {
  AdminPackListSchema,
  diffOddsVersions,
  exportPack,
  getCatalogSettings,
  getPackForAdmin,
  listArtInUse,
  listPacksForAdmin,
  OddsDiffQuerySchema,
  PackRefSchema,
  PackSlugSchema,
} from "./pack-admin.ts";
export type { AdminPackDetail, AdminPackRow, OddsDiff, OddsVersionRow } from "./pack-admin.ts";
export { parsePackFileOrThrow, savePack } from "./save-pack.ts";
export type { SavedPack } from "./save-pack.ts";
export { simulatePack, SIMULATION_DRAWS } from "./simulate-pack.ts";
export type { SimulationResult } from "./simulate-pack.ts";
export * from "./item-photos/index.ts";
