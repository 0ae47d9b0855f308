import demoCatalogue from "./demo-catalogue.json" with { type: "json" };

/**
 * Demo catalog seeded into an empty database, kept as a pack file (demo-catalogue.json, the
 * format of `npm run admin -- pack:import/pack:export`) and loaded through the same import.
 * Every image is drawn from the art set (see art.ts): a pack's from its best items' icons.
 *
 * Each pack's item chances sum to exactly 100% (tickets = chance × 1000 of 100000), items are
 * listed from most to least valuable, and the expected return of every pack,
 * sum(value * tickets / 100000), is close to 90% of its price.
 *
 * Its shape is a pack file's, defined once by PackFileSchema (@prizepacks/core, a layer above this
 * one): the file is typed as its JSON reads, and core's save-pack.db.test.ts parses every pack of
 * it with that schema, as the seed (seedDemoCatalog → savePack) does.
 */

/** The file as written, chances in percent. */
export const demoCatalogueFile: unknown[] = demoCatalogue;

/** The same packs, typed as the JSON reads (slug, image, active, items' images…), for tests. */
export const demoCatalog = demoCatalogue;
