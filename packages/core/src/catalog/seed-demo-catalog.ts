import { demoCatalog } from "@prizepacks/db/seed";
import type { Db } from "@prizepacks/db";
import { createPack } from "./create-pack.ts";

/** Seeds the demo catalog into an empty catalog; does nothing when any pack exists. */
export async function seedDemoCatalog(db: Db): Promise<{ seeded: number }> {
  if ((await db.pack.count()) > 0) return { seeded: 0 };
  for (const pack of demoCatalog) await createPack(db, pack);
  return { seeded: demoCatalog.length };
}
