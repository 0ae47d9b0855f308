// @prizepacks/core/shared: what the browser and the server share. Client components import it and
// Next bundles it for the browser, so nothing here (or below) may use Node's modules or open a
// database: zod, @prizepacks/fairness and the types-only root of @prizepacks/db only.
export * from "./catalog-labels.ts";
export * from "./money-cents.ts";
export * from "../schemas.ts";
export * from "../catalog/pack-rules.ts";
