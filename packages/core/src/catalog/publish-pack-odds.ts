import { buildTicketRanges, oddsHash } from "@prizepacks/fairness";
import type { DbTx } from "@prizepacks/db";
import { announceChange } from "../runtime/change-feed.ts";
import type { Deps } from "../runtime/deps.ts";

export interface PackOddsInput {
  packId: string;
  /** In display order; each item wins on `tickets` of the 100000 tickets (chance × 1000). */
  items: Array<{ itemId: string; tickets: number }>;
}

/**
 * Makes the given odds the pack's current odds. Odds versions are immutable: a change makes
 * a new version, and spins keep pointing at the version they were drawn with.
 * Returns the current version (unchanged when the odds are identical).
 */
export async function publishPackOdds(services: Deps, input: PackOddsInput) {
  const db = services.database.prisma;
  const { version } = await db.$transaction((tx) => publishPackOddsInTransaction(tx, input));
  announceChange(services, { kind: "catalog" });
  return version;
}

/**
 * publishPackOdds inside the caller's transaction (which must announce the change after it
 * commits). The pack's row and its current odds change in the same commit, so readers see the
 * old version or the new one, never a pack between them.
 */
export async function publishPackOddsInTransaction(tx: DbTx, { packId, items }: PackOddsInput) {
  const ranges = buildTicketRanges(items);
  const hash = await oddsHash(ranges);
  // Lock the pack so two publishers cannot both create version n+1.
  await tx.$queryRaw`SELECT id FROM pack WHERE id = ${packId} FOR UPDATE`;
  const pack = await tx.pack.findUniqueOrThrow({ where: { id: packId }, include: { currentOddsVersion: true } });
  if (pack.currentOddsVersion?.oddsHash === hash) return { version: pack.currentOddsVersion, created: false };
  const latest = await tx.oddsVersion.findFirst({ where: { packId }, orderBy: { version: "desc" } });
  const version = await tx.oddsVersion.create({
    data: { packId, version: (latest?.version ?? 0) + 1, oddsHash: hash, ranges: { create: ranges } },
  });
  await tx.pack.update({ where: { id: packId }, data: { currentOddsVersionId: version.id } });
  return { version, created: true };
}
