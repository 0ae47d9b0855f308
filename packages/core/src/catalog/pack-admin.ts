import type { DbTx, OddsVersionModel, PackModel, PackStatsModel } from "@prizepacks/db";
import { ticketsToChance } from "@prizepacks/fairness";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { StorableText } from "../contract/fields.ts";
import { moneyToCents, ratioText } from "../contract/money-cents.ts";
import { getRtpRange } from "./catalog-settings.ts";
import {
  checkPackDraft,
  ticketsToChanceText,
  type DraftCheck,
  type PackFile,
  type PublishedItem,
  type RtpRange,
} from "../contract/pack-rules.ts";
import type { Deps } from "../runtime/deps.ts";

// What the console shows of packs: every pack (active or not), its file as it would be
// exported, its odds versions and the difference between two of them. Each input schema sits
// above its function and is the console procedure's input.

/** A slug to look a pack up by (the rules for a new pack's slug are the pack file's, pack-rules.ts). */
export const PackSlugSchema = StorableText.min(1).max(64);
export const PackRefSchema = z.object({ slug: PackSlugSchema });

export const AdminPackListSchema = z.object({ includeArchived: z.boolean().default(false) }).default({ includeArchived: false });

export interface AdminPackRow {
  id: string;
  slug: string;
  name: string;
  price: string;
  active: boolean;
  archived: boolean;
  oddsVersion: number | null;
  oddsHash: string | null;
  spinCount: number;
}

export async function listPacksForAdmin(
  services: Deps,
  { includeArchived = false }: z.input<typeof AdminPackListSchema> = {},
): Promise<AdminPackRow[]> {
  const db = services.database.prisma;
  const packs = await db.pack.findMany({
    where: includeArchived ? {} : { archivedAt: null },
    include: { currentOddsVersion: true, stats: true },
    orderBy: [{ archivedAt: { sort: "asc", nulls: "first" } }, { slug: "asc" }],
  });
  return packs.map((pack) => adminPackRow(pack, pack.currentOddsVersion));
}

/** A pack as the console lists it, with its current odds version (null before its first). */
function adminPackRow(
  pack: Pick<PackModel, "id" | "slug" | "name" | "price" | "active" | "archivedAt"> & { stats: Pick<PackStatsModel, "spinCount"> | null },
  currentOdds: Pick<OddsVersionModel, "version" | "oddsHash"> | null,
): AdminPackRow {
  return {
    id: pack.id,
    slug: pack.slug,
    name: pack.name,
    price: pack.price.toFixed(2),
    active: pack.active,
    archived: pack.archivedAt !== null,
    oddsVersion: currentOdds?.version ?? null,
    oddsHash: currentOdds?.oddsHash ?? null,
    spinCount: Number(pack.stats?.spinCount ?? 0n),
  };
}

async function packBySlugOrThrow(db: DbTx, slug: string) {
  const pack = await db.pack.findUnique({
    where: { slug },
    include: { currentOddsVersion: { include: { ranges: { include: { item: true }, orderBy: { ticketFrom: "asc" } } } } },
  });
  if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
  return pack;
}

/** The pack as a file (pack:export): its fields and its current odds, items in ticket order. */
export async function exportPack(services: Deps, slug: string): Promise<PackFile> {
  const db = services.database.prisma;
  const pack = await packBySlugOrThrow(db, slug);
  return {
    slug: pack.slug,
    name: pack.name,
    description: pack.description,
    image: pack.image,
    price: pack.price.toFixed(2),
    // Written by savePack, which admits only the listed labels (the column is plain text).
    category: pack.category as PackFile["category"],
    rarityTheme: pack.rarityTheme as PackFile["rarityTheme"],
    active: pack.active,
    items: (pack.currentOddsVersion?.ranges ?? []).map((range) => ({
      key: range.item.key,
      name: range.item.name,
      rarity: range.item.rarity,
      value: range.item.value.toFixed(2),
      image: range.item.art,
      chance: ticketsToChanceText(range.ticketTo - range.ticketFrom + 1),
      ships: range.item.ships,
    })),
  };
}

export interface OddsVersionRow {
  version: number;
  oddsHash: string;
  createdAt: string;
  current: boolean;
}

function oddsVersionRow(
  version: Pick<OddsVersionModel, "id" | "version" | "oddsHash" | "createdAt">,
  currentOddsVersionId: string | null,
): OddsVersionRow {
  return {
    version: version.version,
    oddsHash: version.oddsHash,
    createdAt: version.createdAt.toISOString(),
    current: version.id === currentOddsVersionId,
  };
}

export interface AdminPackDetail {
  pack: AdminPackRow & { createdAt: string };
  file: PackFile;
  /** Every item the pack has (those left out of the current odds too): their keys keep value and rarity. */
  publishedItems: PublishedItem[];
  check: DraftCheck;
  versions: OddsVersionRow[];
  /** The current odds' items as players see them: `image` is the photo when there is one (hasPhoto), else the art. */
  itemPictures: Array<{ key: string; name: string; image: string; hasPhoto: boolean }>;
}

export async function getPackForAdmin(services: Deps, slug: string): Promise<AdminPackDetail> {
  const db = services.database.prisma;
  const pack = await db.pack.findUnique({ where: { slug }, include: { stats: true, items: true } });
  if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
  const [file, versions, rtpRange] = await Promise.all([
    exportPack(services, slug),
    db.oddsVersion.findMany({ where: { packId: pack.id }, orderBy: { version: "desc" } }),
    getRtpRange(services),
  ]);
  const current = versions.find((version) => version.id === pack.currentOddsVersionId) ?? null;
  return {
    pack: { ...adminPackRow(pack, current), createdAt: pack.createdAt.toISOString() },
    file,
    publishedItems: pack.items.map((item) => ({ key: item.key, value: item.value.toFixed(2), rarity: item.rarity })),
    check: checkPackDraft(file, rtpRange),
    versions: versions.map((version) => oddsVersionRow(version, pack.currentOddsVersionId)),
    itemPictures: file.items.flatMap((fileItem) => {
      const item = pack.items.find((candidate) => candidate.key === fileItem.key);
      return item ? [{ key: item.key, name: item.name, image: item.image, hasPhoto: item.photo !== null }] : [];
    }),
  };
}

export interface OddsDiffRow {
  key: string;
  name: string;
  value: string;
  /** Percent, or null when the item is not in that version. */
  fromChance: number | null;
  toChance: number | null;
  change: "added" | "removed" | "changed" | "same";
  /** The chance's change in percentage points, signed ("+1.500", "-2.000", "0.000"); an absent item counts as 0 %. */
  deltaPoints: string;
}

/** What one version returns: its expected value per opening and that as a share of the pack's current price. */
export interface OddsVersionReturn {
  expectedValue: string;
  rtpPercent: string;
}

export interface OddsDiff {
  from: OddsVersionRow & OddsVersionReturn;
  to: OddsVersionRow & OddsVersionReturn;
  /** The pack's current price, which both returns are measured against (a version does not record one). */
  price: string;
  /** to − from, signed: the expected value per opening and the return in percentage points. */
  expectedValueDelta: string;
  rtpDeltaPoints: string;
  rows: OddsDiffRow[];
}

const signed = (text: string) => (text.startsWith("-") || /^0(\.0*)?$/.test(text) ? text : `+${text}`);

export const OddsDiffQuerySchema = z.object({ slug: PackSlugSchema, from: z.number().int().min(1), to: z.number().int().min(1) });

/** Item by item, how two odds versions of a pack differ. */
export async function diffOddsVersions(services: Deps, { slug, from, to }: z.output<typeof OddsDiffQuerySchema>): Promise<OddsDiff> {
  const db = services.database.prisma;
  const pack = await db.pack.findUnique({ where: { slug } });
  if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
  const load = async (version: number) => {
    const found = await db.oddsVersion.findUnique({
      where: { packId_version: { packId: pack.id, version } },
      include: { ranges: { include: { item: true }, orderBy: { ticketFrom: "asc" } } },
    });
    if (!found) throw new AppError("NOT_FOUND", `Pack ${slug} has no odds version ${version}.`);
    return found;
  };
  const [a, b] = await Promise.all([load(from), load(to)]);
  const chanceOf = (ranges: typeof a.ranges) =>
    new Map(
      ranges.map((range) => {
        const tickets = range.ticketTo - range.ticketFrom + 1;
        return [range.item.id, { item: range.item, tickets, chance: ticketsToChance(tickets) }];
      }),
    );
  const before = chanceOf(a.ranges);
  const after = chanceOf(b.ranges);
  const ids = [...new Set([...after.keys(), ...before.keys()])];
  const rows = ids.map((id): OddsDiffRow => {
    const x = before.get(id);
    const y = after.get(id);
    const item = (y ?? x)!.item;
    const change = !x ? "added" : !y ? "removed" : x.chance === y.chance ? "same" : "changed";
    // 100,000 tickets are 100 %: one ticket is 0.001 percentage points.
    const deltaPoints = signed(ratioText(BigInt((y?.tickets ?? 0) - (x?.tickets ?? 0)), 1000n, 3));
    return {
      key: item.key,
      name: item.name,
      value: item.value.toFixed(2),
      fromChance: x?.chance ?? null,
      toChance: y?.chance ?? null,
      change,
      deltaPoints,
    };
  });
  // Exact: value in cents × tickets, over 100,000 tickets; the return against the current price.
  const priceCents = moneyToCents(pack.price.toFixed(2));
  const weighted = (ranges: typeof a.ranges) =>
    ranges.reduce((sum, range) => sum + moneyToCents(range.item.value.toFixed(2)) * BigInt(range.ticketTo - range.ticketFrom + 1), 0n);
  const [wa, wb] = [weighted(a.ranges), weighted(b.ranges)];
  const returnOf = (w: bigint): OddsVersionReturn => ({
    expectedValue: ratioText(w, 100_000n * 100n, 2),
    rtpPercent: ratioText(w * 100n, 100_000n * priceCents, 2),
  });
  return {
    from: { ...oddsVersionRow(a, pack.currentOddsVersionId), ...returnOf(wa) },
    to: { ...oddsVersionRow(b, pack.currentOddsVersionId), ...returnOf(wb) },
    price: pack.price.toFixed(2),
    expectedValueDelta: signed(ratioText(wb - wa, 100_000n * 100n, 2)),
    rtpDeltaPoints: signed(ratioText((wb - wa) * 100n, 100_000n * priceCents, 2)),
    rows,
  };
}

/** The pictures the catalogue already uses, offered when a pack or item is given one. */
export async function listArtInUse(services: Deps): Promise<{ packs: string[]; items: string[] }> {
  const db = services.database.prisma;
  const [packs, items] = await Promise.all([
    db.pack.findMany({ distinct: ["image"], select: { image: true }, orderBy: { image: "asc" } }),
    db.packItem.findMany({ distinct: ["art"], select: { art: true }, orderBy: { art: "asc" }, take: 500 }),
  ]);
  return { packs: packs.map((row) => row.image), items: items.map((row) => row.art) };
}

/** What the pack editor needs besides the pack: the publishable return range and the art in use. */
export async function getCatalogSettings(services: Deps): Promise<{ rtpRange: RtpRange; art: { packs: string[]; items: string[] } }> {
  const [rtpRange, art] = await Promise.all([getRtpRange(services), listArtInUse(services)]);
  return { rtpRange, art };
}
