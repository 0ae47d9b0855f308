import { z } from "zod";
import { CLI_ACTOR, writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { AppError } from "../errors.ts";
import { announceChange } from "../runtime/change-feed.ts";
import { PackSlugSchema, type PackRefSchema } from "./pack-admin.ts";
import type { Deps } from "../runtime/deps.ts";

// archivePack and deletePack take PackRefSchema, the console's input for both.

export const PackActivationSchema = z.object({ slug: PackSlugSchema, active: z.boolean() });

/** Puts a pack on sale or takes it off; archived packs stay off. */
export async function setPackActive(
  services: Deps,
  { slug, active }: z.output<typeof PackActivationSchema>,
  actor: AdminActor = CLI_ACTOR,
) {
  const db = services.database.prisma;
  await db.$transaction(async (tx) => {
    const [pack] = await tx.$queryRaw<Array<{ id: string; active: boolean; archivedAt: Date | null; currentOddsVersionId: string | null }>>`
      SELECT id, active, "archivedAt", "currentOddsVersionId" FROM pack WHERE slug = ${slug} FOR UPDATE`;
    if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
    if (pack.active === active) return;
    if (active && pack.archivedAt) throw new AppError("CONFLICT", `Pack ${slug} is archived and cannot go on sale again.`);
    if (active && !pack.currentOddsVersionId) throw new AppError("CONFLICT", `Pack ${slug} has no published odds.`);
    await tx.pack.update({ where: { id: pack.id }, data: { active } });
    await writeAdminLog(
      services,
      actor,
      {
        action: active ? "pack.activated" : "pack.deactivated",
        targetType: "pack",
        targetId: pack.id,
        before: { active: pack.active },
        after: { active },
      },
      { tx },
    );
  });
  announceChange(services, { kind: "catalog" });
  return { slug, active };
}

/**
 * Takes a pack off sale for good. A pack that was ever opened is kept (its spins, items and odds
 * versions are what past draws verify against); one that never was is deleted instead when asked.
 */
export async function archivePack(services: Deps, { slug }: z.output<typeof PackRefSchema>, actor: AdminActor = CLI_ACTOR) {
  const db = services.database.prisma;
  await db.$transaction(async (tx) => {
    const [pack] = await tx.$queryRaw<Array<{ id: string; active: boolean; archivedAt: Date | null }>>`
      SELECT id, active, "archivedAt" FROM pack WHERE slug = ${slug} FOR UPDATE`;
    if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
    if (pack.archivedAt) return;
    const archivedAt = new Date();
    await tx.pack.update({ where: { id: pack.id }, data: { active: false, archivedAt } });
    await writeAdminLog(
      services,
      actor,
      {
        action: "pack.archived",
        targetType: "pack",
        targetId: pack.id,
        before: { active: pack.active, archivedAt: null },
        after: { active: false, archivedAt },
      },
      { tx },
    );
  });
  announceChange(services, { kind: "catalog" });
  return { slug, archived: true };
}

/** Deletes a pack that was never opened; one with spins can only be archived. */
export async function deletePack(services: Deps, { slug }: z.output<typeof PackRefSchema>, actor: AdminActor = CLI_ACTOR) {
  const db = services.database.prisma;
  await db.$transaction(async (tx) => {
    const [pack] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM pack WHERE slug = ${slug} FOR UPDATE`;
    if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
    // The pack's row lock holds off new openings (a spin's foreign key needs a share lock on it).
    const spins = await tx.spin.count({ where: { packId: pack.id } });
    if (spins > 0) throw new AppError("CONFLICT", `Pack ${slug} has ${spins} spins: archive it instead; its draws must stay verifiable.`);
    const before = await tx.pack.findUniqueOrThrow({ where: { id: pack.id }, include: { items: true, oddsVersions: true } });
    await tx.pack.update({ where: { id: pack.id }, data: { currentOddsVersionId: null } });
    await tx.oddsRange.deleteMany({ where: { oddsVersion: { packId: pack.id } } });
    await tx.oddsVersion.deleteMany({ where: { packId: pack.id } });
    await tx.packItem.deleteMany({ where: { packId: pack.id } });
    await tx.packStats.deleteMany({ where: { packId: pack.id } });
    await tx.packDayStats.deleteMany({ where: { packId: pack.id } });
    await tx.pack.delete({ where: { id: pack.id } });
    await writeAdminLog(
      services,
      actor,
      {
        action: "pack.deleted",
        targetType: "pack",
        targetId: pack.id,
        before: {
          slug,
          name: before.name,
          items: before.items.length,
          oddsVersions: before.oddsVersions.map((v) => ({ version: v.version, oddsHash: v.oddsHash })),
        },
      },
      { tx },
    );
  });
  announceChange(services, { kind: "catalog" });
  return { slug, deleted: true };
}
