import { AppError } from "../errors.ts";
import type { Deps } from "../runtime/deps.ts";
import type { PackDetail, PackSummary } from "../contract/catalog.ts";
import type { CachedPack, CatalogCache } from "./catalog-cache.ts";

/**
 * An active pack with its current odds, by id or slug, from the in-memory catalog. Inactive
 * packs and packs without odds are reported exactly like missing ones.
 */
export async function getActivePackOrThrow({ catalog }: Deps & { catalog: CatalogCache }, idOrSlug: string): Promise<CachedPack> {
  const cached = await catalog.find(idOrSlug);
  if (!cached) throw new AppError("NOT_FOUND", `Pack "${idOrSlug}" was not found.`);
  return cached;
}

export async function getPackDetail(services: Deps & { catalog: CatalogCache }, idOrSlug: string): Promise<PackDetail> {
  const cached = await getActivePackOrThrow(services, idOrSlug);
  return { ...cached.detail, spinCount: await services.catalog.spinCountOf(cached.pack.id) };
}

export async function listActivePacks({ catalog }: Deps & { catalog: CatalogCache }): Promise<PackSummary[]> {
  return catalog.summaries();
}
