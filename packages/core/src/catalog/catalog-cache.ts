import type { Database } from "@prizepacks/db";
import type { Change, ChangeFeed } from "../runtime/change-feed.ts";
import { STALE_WHILE_DEAF_MS } from "../runtime/change-feed.ts";
import type { PackDetail, PackSummary } from "../contract/catalog.ts";
import { packWithOdds, toPackDetail, toPackSummary, type PackWithOdds } from "./pack-views.ts";

/** spinCount is refreshed at most this often: it may lag an opening by this plus the rollup's second. */
const SPIN_COUNT_REFRESH_MS = 1_000;

export interface CachedPack {
  pack: PackWithOdds;
  /** The views without spinCount, built once per catalog version. */
  summary: Omit<PackSummary, "spinCount">;
  detail: Omit<PackDetail, "spinCount">;
}

interface Snapshot {
  /** Active packs with odds, by id and by slug. */
  byIdOrSlug: Map<string, CachedPack>;
  /** In list order: price, then slug. */
  active: CachedPack[];
  loadedAt: number;
}

/**
 * The active catalog in memory. Packs and odds change rarely and are read on every request:
 * the whole catalog is reloaded when a trigger announces a change (ChangeFeed), and trusted
 * for at most STALE_WHILE_DEAF_MS while the feed cannot hear. spinCount comes from the
 * pack_stats rollup, refreshed once a second.
 */
export class CatalogCache {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by every change; a load that began before the latest change is stale on arrival. */
  private generation = 0;
  private loadedGeneration = -1;
  private spinCounts: { counts: Map<string, number>; at: number } | null = null;
  private spinCountsLoading: Promise<Map<string, number>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe((change: Change) => {
      if (change.kind === "catalog" || change.kind === "everything") this.generation++;
    });
  }

  async find(idOrSlug: string): Promise<CachedPack | null> {
    return (await this.current()).byIdOrSlug.get(idOrSlug) ?? null;
  }

  async listActive(): Promise<CachedPack[]> {
    return (await this.current()).active;
  }

  async spinCountOf(packId: string): Promise<number> {
    return (await this.currentSpinCounts()).get(packId) ?? 0;
  }

  async summaries(): Promise<PackSummary[]> {
    const [active, counts] = await Promise.all([this.listActive(), this.currentSpinCounts()]);
    return active.map((cached) => ({ ...cached.summary, spinCount: counts.get(cached.pack.id) ?? 0 }));
  }

  private current(): Promise<Snapshot> {
    const fresh =
      this.snapshot &&
      this.loadedGeneration === this.generation &&
      (this.feed.live || Date.now() - this.snapshot.loadedAt < STALE_WHILE_DEAF_MS);
    if (fresh) return Promise.resolve(this.snapshot!);
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    const generation = this.generation;
    const loadedAt = Date.now();
    const packs = await this.database.prisma.pack.findMany({
      where: { active: true, currentOddsVersionId: { not: null } },
      include: packWithOdds,
      orderBy: [{ price: "asc" }, { slug: "asc" }],
    });
    const active = packs.map((pack) => {
      const { spinCount: _summaryCount, ...summary } = toPackSummary(pack, 0);
      const { spinCount: _detailCount, ...detail } = toPackDetail(pack, 0);
      return { pack, summary, detail };
    });
    const byIdOrSlug = new Map<string, CachedPack>();
    for (const cached of active) byIdOrSlug.set(cached.pack.id, cached).set(cached.pack.slug, cached);
    this.snapshot = { byIdOrSlug, active, loadedAt };
    this.loadedGeneration = generation;
    return this.snapshot;
  }

  private currentSpinCounts(): Promise<Map<string, number>> {
    if (this.spinCounts && Date.now() - this.spinCounts.at < SPIN_COUNT_REFRESH_MS) return Promise.resolve(this.spinCounts.counts);
    const refresh = (this.spinCountsLoading ??= this.loadSpinCounts().finally(() => (this.spinCountsLoading = null)));
    if (!this.spinCounts) return refresh;
    // A reader that has counts keeps them while the refresh runs (a second old at most); a
    // failed refresh is retried by the next reader.
    refresh.catch(() => undefined);
    return Promise.resolve(this.spinCounts.counts);
  }

  private async loadSpinCounts(): Promise<Map<string, number>> {
    const rows = await this.database.sql.query<{ packId: string; spinCount: string }>(
      `SELECT "packId", "spinCount"::text AS "spinCount" FROM pack_stats`,
    );
    const counts = new Map(rows.map((row) => [row.packId, Number(row.spinCount)]));
    this.spinCounts = { counts, at: Date.now() };
    return counts;
  }
}
