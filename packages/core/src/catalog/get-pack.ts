import type { Database } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { serviceRuntime } from "../runtime/service-runtime.ts";
import type { PackDetail, PackSummary } from "../schemas.ts";
import type { CachedPack } from "./catalog-cache.ts";

/**
 * An active pack with its current odds, by id or slug, from the in-memory catalog. Inactive
 * packs and packs without odds are reported exactly like missing ones.
 */
export async function getActivePackOrThrow(database: Database, idOrSlug: string): Promise<CachedPack> {
  const cached = await (await serviceRuntime(database)).catalog.find(idOrSlug);
  if (!cached) throw new AppError("NOT_FOUND", `Pack "${idOrSlug}" was not found.`);
  return cached;
}

export async function getPackDetail(database: Database, idOrSlug: string): Promise<PackDetail> {
  const { catalog } = await serviceRuntime(database);
  const cached = await getActivePackOrThrow(database, idOrSlug);
  return { ...cached.detail, spinCount: await catalog.spinCountOf(cached.pack.id) };
}

export async function listActivePacks(database: Database): Promise<PackSummary[]> {
  return (await serviceRuntime(database)).catalog.summaries();
}
