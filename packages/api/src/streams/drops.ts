import type { Services } from "@prizepacks/core/server";
import { AppError, atLeastRarity, RARITIES, recentDrops, type Drop, type Rarity } from "@prizepacks/core";
import { clientAddress } from "../client-address.ts";
import { assertRateLimit } from "../rate-limit/limiter.ts";
import type { StreamSlots } from "../stream-slots.ts";
import { MAX_BUFFERED_BYTES, sseFrame, WRITE_SLICE, type EventStream } from "./event-stream.ts";
import { serveStream, type StreamHost, type StreamRequestHandler } from "./serve-stream.ts";

/** Drops a new viewer of the feed gets first. */
export const RECENT_DROPS = 20;
/** How long those are reused for the next viewers. */
const RECENT_DROPS_TTL_MS = 1_000;
/**
 * The drop feed is a ticker for people: each viewer gets the openings of the last DROP_FLUSH_MS
 * in one write, at most DROPS_PER_FLUSH of them (the rarest, then the most valuable). Thousands
 * of viewers of a busy site cost a few writes a second each, not one per opening.
 */
const DROP_FLUSH_MS = 500;
export const DROPS_PER_FLUSH = 4;

/** GET /v1/drops: the public drop feed, no key, limited and counted per client address (`slots`). */
export function dropsHandler(host: StreamHost, slots: StreamSlots): StreamRequestHandler {
  const dropFeed = new DropFeed(host.services);
  return async (req, res) => {
    // The visitor's own address behind a trusted proxy: by the socket's, all visitors behind a
    // TLS terminator would share one address, ten open tabs and thirty connects a minute.
    const address = clientAddress(req);
    await serveStream(req, res, host, {
      kind: "drops",
      slots,
      holder: address,
      async setUp() {
        const limits = await assertRateLimit({ policy: "drops", identifier: `ip:${address}` });
        const minRarityParam = new URL(req.url ?? "/", "http://x").searchParams.get("minRarity");
        if (minRarityParam !== null && !RARITIES.includes(minRarityParam as Rarity)) {
          throw new AppError("BAD_REQUEST", `minRarity: must be one of ${RARITIES.join(", ")}.`);
        }
        const minRarity = (minRarityParam ?? undefined) as Rarity | undefined;
        const recent = await dropFeed.recentFrames(minRarity);
        await dropFeed.start();
        return {
          limits,
          join(stream) {
            stream.write(recent);
            return dropFeed.add(stream, minRarity);
          },
        };
      },
    });
  };
}

const dropFrame = (drop: Drop) => sseFrame(drop.id, "drop", drop);

/**
 * The public drop feed of this instance: one subscription to the hub for every viewer, and each
 * DROP_FLUSH_MS one write per viewer, its frames serialized once per rarity filter.
 */
class DropFeed {
  private readonly viewers = new Map<Rarity | undefined, Set<EventStream>>();
  private pending: Drop[] = [];
  private timer: NodeJS.Timeout | undefined;
  private started: Promise<void> | undefined;
  /** What a new viewer gets first, per rarity filter: read and encoded once per RECENT_DROPS_TTL_MS. */
  private readonly recent = new Map<Rarity | undefined, { until: number; frames: Promise<Buffer> }>();

  constructor(private readonly services: Services) {}

  /**
   * The RECENT_DROPS latest drops (at least `minRarity`) as SSE frames. Read at most once a
   * second per filter: thousands of viewers arriving at once (another instance drained) cost a
   * read, not thousands.
   */
  recentFrames(minRarity: Rarity | undefined): Promise<Buffer> {
    const now = Date.now();
    const cached = this.recent.get(minRarity);
    if (cached && cached.until > now) return cached.frames;
    const frames = recentDrops(this.services, this.services.catalog, { limit: RECENT_DROPS, minRarity }).then((drops) =>
      Buffer.from(drops.map(dropFrame).join("")),
    );
    this.recent.set(minRarity, { until: now + RECENT_DROPS_TTL_MS, frames });
    // A failed read (the database down) is not kept: the next viewer reads again.
    frames.catch(() => {
      if (this.recent.get(minRarity)?.frames === frames) this.recent.delete(minRarity);
    });
    return frames;
  }

  /** Subscribes to the hub, once. */
  start(): Promise<void> {
    if (!this.started) {
      this.started = this.services.events().then((hub) => {
        hub.watchDrops((drops) => {
          if (this.viewers.size === 0) return;
          this.pending.push(...drops);
          this.timer ??= setTimeout(() => this.flush(), DROP_FLUSH_MS).unref();
        });
      });
      // A start that failed (the database down) is tried again by the next viewer.
      this.started.catch(() => (this.started = undefined));
    }
    return this.started;
  }

  /** Adds a viewer; returns its removal. */
  add(stream: EventStream, minRarity: Rarity | undefined): () => void {
    let group = this.viewers.get(minRarity);
    if (!group) this.viewers.set(minRarity, (group = new Set()));
    group.add(stream);
    return () => {
      group.delete(stream);
      if (group.size === 0) this.viewers.delete(minRarity);
    };
  }

  private flush(): void {
    const drops = this.pending;
    this.pending = [];
    this.timer = undefined;
    const writes: Array<[EventStream, Buffer]> = [];
    for (const [minRarity, group] of this.viewers) {
      const shown = featuredDrops(drops.filter((drop) => atLeastRarity(drop.item.rarity, minRarity)));
      if (shown.length === 0) continue;
      // Encoded once: every viewer is written the same bytes.
      const frames = Buffer.from(shown.map(dropFrame).join(""));
      for (const stream of group) writes.push([stream, frames]);
    }
    // In slices: ten thousand viewers written in one go would hold every request up meanwhile.
    const writeSlice = (from: number) => {
      for (const [stream, frames] of writes.slice(from, from + WRITE_SLICE)) {
        // A slow viewer skips ahead: a ticker has no use for a backlog.
        if (stream.buffered() <= MAX_BUFFERED_BYTES) stream.write(frames);
      }
      if (from + WRITE_SLICE < writes.length) setImmediate(writeSlice, from + WRITE_SLICE);
    };
    writeSlice(0);
  }
}

/** The DROPS_PER_FLUSH drops a ticker shows of a batch: the rarest, then the most valuable, in the order they happened. */
export function featuredDrops(drops: Drop[]): Drop[] {
  if (drops.length <= DROPS_PER_FLUSH) return drops;
  const rank = (drop: Drop) => RARITIES.indexOf(drop.item.rarity);
  return [...drops]
    .sort((a, b) => rank(b) - rank(a) || Number(b.item.value) - Number(a.item.value) || Number(BigInt(b.id) - BigInt(a.id)))
    .slice(0, DROPS_PER_FLUSH)
    .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}
