import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { AppError } from "../errors.ts";
import { announceChange } from "../runtime/change-feed.ts";
import { getRtpRange } from "./catalog-settings.ts";
import {
  chanceTextToTickets,
  checkPackDraft,
  describeIssues,
  PackFileSchema,
  packFileIssues,
  publishedItemIssues,
  type DraftCheck,
  type PackFile,
} from "../contract/pack-rules.ts";
import { publishPackOddsInTransaction } from "./publish-pack-odds.ts";
import type { Deps } from "../runtime/deps.ts";

export interface SavedPack {
  packId: string;
  slug: string;
  created: boolean;
  /** The pack's current odds version after the save, and whether the save made it. */
  oddsVersion: number;
  oddsHash: string;
  versionCreated: boolean;
  check: DraftCheck;
}

/** Parses a pack file with every publishing rule, or throws BAD_REQUEST naming each problem. */
export async function parsePackFileOrThrow(services: Deps, input: unknown): Promise<{ pack: PackFile; check: DraftCheck }> {
  const parsed = PackFileSchema.safeParse(input);
  if (!parsed.success) {
    const issues = packFileIssues(parsed.error);
    throw new AppError("BAD_REQUEST", describeIssues(issues), { issues });
  }
  const check = checkPackDraft(parsed.data, await getRtpRange(services));
  if (!check.ok) throw new AppError("BAD_REQUEST", describeIssues(check.issues), { issues: check.issues });
  return { pack: parsed.data, check };
}

const packFields = (pack: PackFile) => ({
  name: pack.name,
  description: pack.description,
  image: pack.image,
  price: pack.price,
  category: pack.category,
  rarityTheme: pack.rarityTheme,
  active: pack.active,
});

/**
 * Creates or updates the pack with the file's slug and publishes its chances: the one write
 * path of the console, `pack:import` and the demo catalogue. One transaction holds the pack's
 * fields, its items, the new odds version when the chances or items changed, and the admin log
 * entries; the API's catalogue switches when it commits (the pack and odds triggers notify).
 *
 * Items are matched by key. An item's value and rarity are part of what every odds version it
 * appears in promised, so they never change: a changed item needs a new key. Its name and
 * picture may change. Items left out of the file stay (past spins point at them) but are not
 * in the new version.
 */
export async function savePack(services: Deps, actor: AdminActor, input: unknown): Promise<SavedPack> {
  const db = services.database.prisma;
  const { pack, check } = await parsePackFileOrThrow(services, input);
  const saved = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM pack WHERE slug = ${pack.slug} FOR UPDATE`;
    const existing = locked
      ? await tx.pack.findUniqueOrThrow({ where: { id: locked.id }, include: { items: true, currentOddsVersion: true } })
      : null;
    if (existing?.archivedAt) throw new AppError("CONFLICT", `Pack ${pack.slug} is archived; archived packs cannot be changed.`);

    let packId: string;
    if (!existing) {
      const created = await tx.pack.create({ data: { slug: pack.slug, ...packFields(pack) } });
      packId = created.id;
      await writeAdminLog(
        services,
        actor,
        {
          action: "pack.created",
          targetType: "pack",
          targetId: packId,
          after: { slug: pack.slug, ...packFields(pack) },
        },
        { tx },
      );
    } else {
      packId = existing.id;
      const before = {
        name: existing.name,
        description: existing.description,
        image: existing.image,
        price: existing.price.toFixed(2),
        category: existing.category,
        rarityTheme: existing.rarityTheme,
        active: existing.active,
      };
      const after = packFields(pack);
      const changed = Object.keys(after).filter(
        (key) => String(before[key as keyof typeof before]) !== String(after[key as keyof typeof after]),
      );
      if (changed.length > 0) {
        await tx.pack.update({ where: { id: packId }, data: after });
        const pick = (source: Record<string, unknown>) => Object.fromEntries(changed.map((key) => [key, source[key]]));
        await writeAdminLog(
          services,
          actor,
          {
            action: "pack.updated",
            targetType: "pack",
            targetId: packId,
            before: pick(before),
            after: pick(after),
          },
          { tx },
        );
      }
    }

    const itemsByKey = new Map((existing?.items ?? []).map((item) => [item.key, item]));
    const [changedItem] = publishedItemIssues(
      pack.items,
      (existing?.items ?? []).map((item) => ({ key: item.key, value: item.value.toFixed(2), rarity: item.rarity })),
    );
    if (changedItem) {
      throw new AppError("BAD_REQUEST", describeIssues([changedItem]) + ".", {
        issues: [{ path: changedItem.path, message: "published items keep their value and rarity; use a new key" }],
      });
    }
    const itemIds: string[] = [];
    for (const item of pack.items) {
      const current = itemsByKey.get(item.key);
      if (!current) {
        const created = await tx.packItem.create({
          data: { packId, key: item.key, name: item.name, rarity: item.rarity, value: item.value, art: item.image, ships: item.ships },
        });
        itemIds.push(created.id);
        continue;
      }
      // The ships flag is the operator's to change at any time: it decides only what a won item offers.
      if (current.name !== item.name || current.art !== item.image || current.ships !== item.ships) {
        await tx.packItem.update({ where: { id: current.id }, data: { name: item.name, art: item.image, ships: item.ships } });
      }
      itemIds.push(current.id);
    }

    const previous = existing?.currentOddsVersion ?? null;
    const { version, created } = await publishPackOddsInTransaction(tx, {
      packId,
      items: pack.items.map((item, index) => ({ itemId: itemIds[index]!, tickets: chanceTextToTickets(item.chance) })),
    });
    if (created) {
      await writeAdminLog(
        services,
        actor,
        {
          action: "odds.published",
          targetType: "pack",
          targetId: packId,
          before: previous && { version: previous.version, oddsHash: previous.oddsHash },
          after: {
            version: version.version,
            oddsHash: version.oddsHash,
            rtpPercent: check.rtpPercent,
            chances: pack.items.map((item) => [item.key, item.chance]),
          },
        },
        { tx },
      );
    }
    return {
      packId,
      slug: pack.slug,
      created: !existing,
      oddsVersion: version.version,
      oddsHash: version.oddsHash,
      versionCreated: created,
      check,
    };
  });
  announceChange(services, { kind: "catalog" });
  return saved;
}
