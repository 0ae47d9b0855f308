import { demoCatalogueFile } from "@prizepacks/db/seed";
import type { Db } from "@prizepacks/db";
import type { AdminActor } from "../admin-log/admin-log.ts";
import { savePack } from "./save-pack.ts";

/** The seed writes its packs like an operator's import would, logged under this name. */
export const SEED_ACTOR: AdminActor = { id: null, email: "seed" };

/**
 * Seeds the demo catalog into an empty catalog; does nothing when any pack exists. It goes
 * through savePack, the path of `pack:import`, so the demo catalogue meets every publishing rule.
 */
export async function seedDemoCatalog(db: Db): Promise<{ seeded: number }> {
  if ((await db.pack.count()) > 0) return { seeded: 0 };
  for (const pack of demoCatalogueFile) await savePack(db, SEED_ACTOR, pack);
  return { seeded: demoCatalogueFile.length };
}
