// @prizepacks/core/contract: what the browser and the server share, one file per feature. Client
// components import it and Next bundles it for the browser, so nothing here (or below) may use
// Node's modules or open a database: zod, @prizepacks/fairness and the types-only root of
// @prizepacks/db only. Each feature's index.ts re-exports its part for the server.
export { IdSchema, IsoTimestamp, isStorableText, MoneyString, StorableText } from "./fields.ts";
export * from "./catalog-labels.ts";
export * from "./money-cents.ts";
export * from "./catalog.ts";
export * from "./pack-rules.ts";
export * from "./item-photos.ts";
export * from "./open.ts";
export * from "./account.ts";
export * from "./fairness.ts";
export * from "./inventory.ts";
export * from "./history.ts";
export * from "./wallet.ts";
export * from "./deposits.ts";
export * from "./withdrawals.ts";
export * from "./keys.ts";
export * from "./error-response.ts";
export * from "./shipping.ts";
export * from "./battles.ts";
export * from "./protection.ts";
export * from "./statements.ts";
export * from "./events.ts";
export * from "./verification.ts";
export * from "./harm.ts";
export * from "./upgrades.ts";
export * from "./rewards.ts";
