import type { DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import type { PackDetail, PackSummary } from "../schemas.ts";
import { countSpinsByPack, packWithOdds, toPackDetail, toPackSummary, type PackWithOdds } from "./pack-views.ts";

/** Any pack by id or slug, active or not, with its current odds; null when none. */
export function findPackByIdOrSlug(db: DbTx, idOrSlug: string): Promise<PackWithOdds | null> {
  return db.pack.findFirst({ where: { OR: [{ id: idOrSlug }, { slug: idOrSlug }] }, include: packWithOdds });
}

/** Inactive packs and packs without odds are reported exactly like missing ones. */
export async function getActivePackOrThrow(db: DbTx, idOrSlug: string): Promise<PackWithOdds> {
  const pack = await findPackByIdOrSlug(db, idOrSlug);
  if (!pack || !pack.active || !pack.currentOddsVersion) {
    throw new AppError("NOT_FOUND", `Pack "${idOrSlug}" was not found.`);
  }
  return pack;
}

export async function getPackDetail(db: DbTx, idOrSlug: string): Promise<PackDetail> {
  const pack = await getActivePackOrThrow(db, idOrSlug);
  const counts = await countSpinsByPack(db, [pack.id]);
  return toPackDetail(pack, counts.get(pack.id) ?? 0);
}

export async function listActivePacks(db: DbTx): Promise<PackSummary[]> {
  const [packs, counts] = await Promise.all([
    db.pack.findMany({
      where: { active: true, currentOddsVersionId: { not: null } },
      include: packWithOdds,
      orderBy: [{ price: "asc" }, { slug: "asc" }],
    }),
    countSpinsByPack(db),
  ]);
  return packs.map((pack) => toPackSummary(pack, counts.get(pack.id) ?? 0));
}
