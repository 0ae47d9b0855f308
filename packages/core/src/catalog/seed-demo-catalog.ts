import { demoCatalogueFile } from "@prizepacks/db/seed";
import type { AdminActor } from "../admin-log/admin-log.ts";
import { savePack } from "./save-pack.ts";
import type { Deps } from "../runtime/deps.ts";

/** The seed writes its packs like an operator's import would, logged under this name. */
export const SEED_ACTOR: AdminActor = { id: null, email: "seed" };

/**
 * Seeds the demo catalog into an empty catalog; does nothing when any pack exists. It goes
 * through savePack, the path of `pack:import`, so the demo catalogue meets every publishing rule.
 */
export async function seedDemoCatalog(services: Deps): Promise<{ seeded: number }> {
  const db = services.database.prisma;
  if ((await db.pack.count()) > 0) return { seeded: 0 };
  for (const pack of demoCatalogueFile) await savePack(services, SEED_ACTOR, pack);
  return { seeded: demoCatalogueFile.length };
}
