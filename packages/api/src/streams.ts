import type { IncomingMessage, ServerResponse } from "node:http";
import {
  AppError,
  atLeastRarity,
  battlesByIds,
  hashPresentedKey,
  listBattles,
  latestAccountEventId,
  listAccountEventsAfter,
  RARITIES,
  recentDrops,
  type AccountEvent,
  type AccountWaker,
  type Battle,
  type Drop,
  type Rarity,
} from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { clientAddress } from "./client-address.ts";
import { apiEnv } from "./env.ts";
import { writeError } from "./http-error.ts";
import { openStreams, type StreamKind } from "./metrics.ts";
import { presentedApiKey } from "./presented-api-key.ts";
import { assertRateLimit } from "./rate-limit/limiter.ts";
import { StreamSlots } from "./stream-slots.ts";
import { attributeToAccount, logger } from "@prizepacks/db/log";

/** Concurrent event streams one API key may hold on one instance. */
export const MAX_STREAMS_PER_KEY = 5;
const HEARTBEAT_MS = 15_000;
/** Streams written per turn of the event loop by a heartbeat or a drop batch. */
const WRITE_SLICE = 500;
const REPLAY_BATCH = 500;
/**
 * A replay past MAX_BUFFERED_BYTES waits this long for the client to read before ending its
 * stream: a quarter of a megabyte at half a megabit a second.
 */
export const REPLAY_DRAIN_MS = 5_000;
/** Drops a new viewer of the feed gets first. */
export const RECENT_DROPS = 20;
/** How long those are reused for the next viewers. */
const RECENT_DROPS_TTL_MS = 1_000;
/** A client that reads slower than this much unsent data is dropped (events) or skipped ahead (drops). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/**
 * The drop feed is a ticker for people: each viewer gets the openings of the last DROP_FLUSH_MS
 * in one write, at most DROPS_PER_FLUSH of them (the rarest, then the most valuable). Thousands
 * of viewers of a busy site cost a few writes a second each, not one per opening.
 */
const DROP_FLUSH_MS = 500;
export const DROPS_PER_FLUSH = 4;
/**
 * When a draining instance ends its streams, clients reconnect after a random wait in this range
 * (the `retry:` hint), so a few thousand of them do not reach the remaining instances in one instant.
 */
const DRAIN_RETRY_MS = { min: 500, max: 2_500 };

/**
 * The two server-sent-event streams under /v1, served by the app's HTTP server next to the REST
 * facade (tRPC has no place for a response that never ends):
 * - GET /v1/events: the key's account's events, authenticated and rate limited like every /v1
 *   call; resumes after Last-Event-ID within 24 hours, in order, none twice.
 * - GET /v1/drops: the public drop feed, no key, limited per client address.
 *
 * Each stream holds a slot (StreamSlots) from the moment its request arrives, taken before the
 * handler's first await: a burst of connects cannot all pass the count while the first ones are
 * still being set up, and a client that leaves during set-up gives its slot back (holdSlot).
 *
 * `closeAll` (the instance is draining) ends every stream with a `retry:` hint, and any stream
 * still being set up as soon as it opens: clients reconnect, through the load balancer, to an
 * instance that stays, and resume after their Last-Event-ID.
 */
export function createStreamHandler({ services }: { services: Services }) {
  const eventSlots = new StreamSlots(MAX_STREAMS_PER_KEY, `At most ${MAX_STREAMS_PER_KEY} event streams per key at once; close one first.`);
  const maxDropStreams = apiEnv().DROP_STREAMS_PER_ADDRESS;
  const dropSlots = new StreamSlots(maxDropStreams, `At most ${maxDropStreams} drop feeds per address at once.`);
  const streams = new Set<EventStream>();
  let draining = false;
  // One timer for every stream's heartbeat (and its key's recheck), not one per stream, and
  // its writes in slices: ten thousand at once would hold every request up for a moment.
  const heartbeat = setInterval(() => {
    const comment = Buffer.from(`: heartbeat ${new Date().toISOString()}\n\n`);
    const due = [...streams];
    const beatSlice = (from: number) => {
      for (const stream of due.slice(from, from + WRITE_SLICE)) stream.beat(comment);
      if (from + WRITE_SLICE < due.length) setImmediate(beatSlice, from + WRITE_SLICE);
    };
    beatSlice(0);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const dropFeed = new DropFeed(services);
  const lobby = new LobbyFeed(services);
  const endForRetry = (stream: EventStream) =>
    stream.endWithRetry(DRAIN_RETRY_MS.min + Math.floor(Math.random() * (DRAIN_RETRY_MS.max - DRAIN_RETRY_MS.min)));
  function open(req: IncomingMessage, res: ServerResponse, kind: StreamKind, extraHeaders: object): EventStream {
    const stream = openStream(req, res, kind, extraHeaders);
    streams.add(stream);
    stream.onClose(() => streams.delete(stream));
    if (draining) endForRetry(stream);
    return stream;
  }

  async function accountEvents(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const key = presentedApiKey({ get: (name) => headerValue(req, name) });
    // Held under the key's hash, which names the key as its id does (the column is unique) but
    // is known before authentication's await. A missing or malformed key is a 401 here, first.
    const releaseSlot = holdSlot(res, eventSlots, hashPresentedKey(key));
    const principal = await services.principals.authenticate(key);
    attributeToAccount(principal.userId);
    const limits = await assertRateLimit({ policy: "api", identifier: `key:${principal.apiKeyId}` });
    const lastEventId = headerValue(req, "last-event-id") ?? new URL(req.url ?? "/", "http://x").searchParams.get("lastEventId");
    if (lastEventId !== null && !/^\d{1,19}$/.test(lastEventId)) {
      throw new AppError("BAD_REQUEST", "Last-Event-ID must be the id of an event this stream sent.");
    }
    const events = new AccountEventStream(services, principal);
    let unwatch = () => {};
    let startAfter: string;
    try {
      const hub = await services.events();
      events.hubComplete = () => hub.complete;
      unwatch = hub.watchAccount(principal.userId, events.wake);
      startAfter = lastEventId ?? (await latestAccountEventId(services, principal.userId));
    } catch (error) {
      // Nothing sent yet: the caller answers with the error's JSON (a 503 for a database fault).
      unwatch();
      throw error;
    }
    // The client left during set-up (its slot is back already): there is no one to stream to.
    if (res.destroyed) return unwatch();
    const stream = open(req, res, "events", limits ?? {});
    // A revoked key, a banned or deleted account: the stream ends with its access.
    stream.onBeat(() => void services.principals.authenticate(key).catch(() => stream.close()));
    stream.onClose(() => {
      unwatch();
      releaseSlot();
    });
    await events.start(stream, startAfter);
  }

  async function drops(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The visitor's own address behind a trusted proxy: by the socket's, all visitors behind a
    // TLS terminator would share one address, ten open tabs and thirty connects a minute.
    const address = clientAddress(req);
    const releaseSlot = holdSlot(res, dropSlots, address);
    const limits = await assertRateLimit({ policy: "drops", identifier: `ip:${address}` });
    const minRarityParam = new URL(req.url ?? "/", "http://x").searchParams.get("minRarity");
    if (minRarityParam !== null && !RARITIES.includes(minRarityParam as Rarity)) {
      throw new AppError("BAD_REQUEST", `minRarity: must be one of ${RARITIES.join(", ")}.`);
    }
    const minRarity = (minRarityParam ?? undefined) as Rarity | undefined;
    const recent = await dropFeed.recentFrames(minRarity);
    await dropFeed.start();
    if (res.destroyed) return; // the client left during set-up (its slot is back already)

    const stream = open(req, res, "drops", limits ?? {});
    stream.write(recent);
    const leave = dropFeed.add(stream, minRarity);
    stream.onClose(() => {
      leave();
      releaseSlot();
    });
  }

  /**
   * GET /v1/battles/lobby: the public lobby, no key, limited and counted like the drop feed (per
   * address). First the open battles and the latest settled ones, then every battle as it
   * changes (joined, locked, settled, cancelled), as `event: battle` with the battle as anyone
   * sees it.
   */
  async function battleLobby(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = clientAddress(req);
    const releaseSlot = holdSlot(res, dropSlots, address);
    const limits = await assertRateLimit({ policy: "drops", identifier: `ip:${address}` });
    const [openBattles, settled] = await Promise.all([
      listBattles(services, null, { status: "open" }),
      listBattles(services, null, { status: "settled" }),
    ]);
    await lobby.start();
    if (res.destroyed) return;
    const stream = open(req, res, "battles", limits ?? {});
    stream.write([...settled.slice(0, 10).reverse(), ...openBattles.reverse()].map(battleFrame).join(""));
    const leave = lobby.add(stream);
    stream.onClose(() => {
      leave();
      releaseSlot();
    });
  }

  /** Answers GET /v1/events, GET /v1/drops and GET /v1/battles/lobby; false for any other request (the REST facade's). */
  function handleStreamRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const serve =
      req.method !== "GET" ? undefined : { "/v1/events": accountEvents, "/v1/drops": drops, "/v1/battles/lobby": battleLobby }[path];
    if (!serve) return false;
    // A refusal before the stream starts: the same JSON error as every /v1 answer.
    serve(req, res).catch((error: unknown) => writeError(res, error, { rest: true }));
    return true;
  }

  /** Ends every stream with a `retry:` hint, now and as each one still being set up opens. */
  function closeAll(): void {
    draining = true;
    clearInterval(heartbeat);
    for (const stream of streams) endForRetry(stream);
  }

  return Object.assign(handleStreamRequest, { closeAll });
}

/**
 * One client's GET /v1/events once its key is known: the account's events after a starting
 * point, in order, none twice. Events the hub announces are held until the stream is open and
 * its starting point known, so none falls between the database read and the subscription; the
 * starting point is fixed before the 200 is sent, so whatever the client does after it sees
 * the 200 reaches the stream.
 */
class AccountEventStream {
  private stream: EventStream | undefined;
  /** The id of the last event sent (or the starting point); null until the stream starts. */
  private sentUpTo: string | null = null;
  private readonly held: AccountEvent[] = [];
  private reading = false;
  private readAgain = false;
  /** An event was pushed by the hub. */
  private pushed = false;
  /**
   * The hub's pushes are complete for this account: the database was read after the first push
   * or after the hub became complete (it wakes every stream then). Until then the
   * first push may not be: an event committed late by a transaction open when the hub started
   * lies below the hub's first cursor, and only the database has it.
   */
  private pushesComplete = false;
  /** Whether the hub vouches for every event it hands out (EventHub.complete). */
  hubComplete: () => boolean = () => false;

  constructor(
    private readonly services: Services,
    private readonly principal: { userId: string; apiKeyId: string },
  ) {}

  /** The hub's waker: a new event of the account, or null for "read what is new from the database". */
  readonly wake: AccountWaker = (event, reason) => {
    // The hub became complete: a stream whose database read covers the events below its first cursor has them all.
    if (reason === "hubComplete" && this.pushesComplete) return;
    if (event) this.pushed = true;
    if (this.sentUpTo === null) return void (event ? this.held.push(event) : (this.readAgain = true));
    if (!event || this.reading || !this.pushesComplete) return void this.catchUp();
    if (!this.sendIfNew(event)) this.stream!.close();
  };

  /** Streams everything after `startAfter`, then whatever arrived while that was read. */
  async start(stream: EventStream, startAfter: string): Promise<void> {
    this.stream = stream;
    this.sentUpTo = startAfter;
    await this.catchUp();
    for (const event of this.held.splice(0)) if (!this.sendIfNew(event)) return stream.close();
  }

  /**
   * False when the stream must end: the client fell too far behind, or the stream's key was
   * revoked. A replay (`fromDatabase`) writes many events in one tick, which the socket holds
   * corked until the next, and waits for the client past the cap itself (catchUp).
   */
  private sendIfNew(event: AccountEvent, { fromDatabase = false } = {}): boolean {
    if (this.sentUpTo !== null && BigInt(event.id) <= BigInt(this.sentUpTo)) return true;
    // A client this slow reconnects with Last-Event-ID.
    if (!this.stream!.write(eventFrame(event)) && !fromDatabase) return false;
    this.sentUpTo = event.id;
    // The key this stream was opened with is revoked: the stream ends with it (after saying so).
    return !(event.type === "key.revoked" && event.data.id === this.principal.apiKeyId);
  }

  /** Reads everything after the last event sent; a wake during a read makes it read again. */
  private async catchUp(): Promise<void> {
    if (this.reading) return void (this.readAgain = true);
    const stream = this.stream!;
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const afterPush = this.pushed || this.hubComplete();
        for (;;) {
          const events = await listAccountEventsAfter(this.services, {
            userId: this.principal.userId,
            afterId: this.sentUpTo!,
            limit: REPLAY_BATCH,
          });
          for (const event of events) {
            // Past the cap, the replay waits for the client to read; one that does not is ended.
            if (stream.buffered() > MAX_BUFFERED_BYTES && !(await stream.drained(REPLAY_DRAIN_MS))) return stream.close();
            if (!this.sendIfNew(event, { fromDatabase: true })) return stream.close();
          }
          if (stream.closed) return;
          if (events.length < REPLAY_BATCH) break;
        }
        if (afterPush) this.pushesComplete = true;
      } while (this.readAgain && !stream.closed);
    } catch (error) {
      logger("events").error({ err: error }, "stream read failed");
      stream.close();
    } finally {
      this.reading = false;
    }
  }
}

/**
 * Takes a slot for this response and gives it back when the response closes, whichever way it
 * ends: a refusal sent, the stream ended, or the client gone, also while the handler is still
 * awaiting its set-up (the listener is there from the start, not from when the stream opens).
 * The stream's own close releases too (its response may still be flushing to a slow client);
 * the release counts once.
 */
function holdSlot(res: ServerResponse, slots: StreamSlots, holder: string): () => void {
  const release = slots.take(holder);
  res.once("close", release);
  return release;
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Each event's SSE frame, written once however many streams send it (the hub hands the same
 * event object to every stream of the account).
 */
const eventFrames = new WeakMap<AccountEvent, Buffer>();
function eventFrame(event: AccountEvent): Buffer {
  let frame = eventFrames.get(event);
  // Encoded once too: a string written to each stream would be encoded to UTF-8 for each.
  if (frame === undefined) eventFrames.set(event, (frame = Buffer.from(sseFrame(event.id, event.type, event))));
  return frame;
}
const dropFrame = (drop: Drop) => sseFrame(drop.id, "drop", drop);
const battleFrame = (battle: Battle) => sseFrame(`${battle.id}:${battle.status}`, "battle", battle);
function sseFrame(id: string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

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

/** The public battle lobby of this instance: each changed battle read once and serialized once for every viewer. */
class LobbyFeed {
  private readonly viewers = new Set<EventStream>();
  private started: Promise<void> | undefined;
  private sending = Promise.resolve();

  constructor(private readonly services: Services) {}

  start(): Promise<void> {
    if (!this.started) {
      this.started = this.services.events().then((hub) => {
        hub.watchBattles((ids) => {
          // One batch after the other: a battle's later state never shows before its earlier one.
          if (this.viewers.size > 0) this.sending = this.sending.then(() => this.send(ids));
        });
      });
      this.started.catch(() => (this.started = undefined));
    }
    return this.started;
  }

  add(stream: EventStream): () => void {
    this.viewers.add(stream);
    return () => this.viewers.delete(stream);
  }

  private async send(ids: string[]): Promise<void> {
    let battles: Battle[];
    try {
      battles = await battlesByIds(this.services, null, ids);
    } catch (error) {
      // A live lobby: a change missed while the database cannot be read shows with the battle's next one.
      logger("battles").warn({ err: error }, "could not read changed battles for the lobby");
      return;
    }
    const frames = Buffer.from(battles.map(battleFrame).join(""));
    if (frames.length > 0) for (const stream of this.viewers) if (stream.buffered() <= MAX_BUFFERED_BYTES) stream.write(frames);
  }
}

type EventStream = ReturnType<typeof openStream>;

function openStream(req: IncomingMessage, res: ServerResponse, kind: StreamKind, extraHeaders: object) {
  res.writeHead(200, {
    ...extraHeaders,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    // Proxies that buffer responses (nginx) would hold events back.
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  res.write("retry: 3000\n\n");
  req.socket.setKeepAlive(true);
  req.socket.setNoDelay(true);
  let closed = false;
  openStreams.inc({ kind });
  const closeHandlers: Array<() => void> = [];
  let onBeat: (() => void) | undefined;
  let lastWriteAt = Date.now();
  const close = () => {
    if (closed) return;
    closed = true;
    openStreams.dec({ kind });
    for (const handler of closeHandlers) handler();
    res.end();
  };
  req.on("close", close);
  res.on("error", close);
  return {
    get closed() {
      return closed;
    },
    /** Writes SSE frames; false when the client has fallen too far behind. */
    write(frames: string | Buffer): boolean {
      if (closed) return false;
      // What one tick writes to an account's stream (an opening's two events) leaves in one packet.
      if (kind === "events" && !res.writableCorked) {
        res.cork();
        process.nextTick(() => res.uncork());
      }
      res.write(frames);
      lastWriteAt = Date.now();
      return res.writableLength <= MAX_BUFFERED_BYTES;
    },
    /**
     * The shared heartbeat's tick: a comment that keeps proxies from timing out a stream that
     * was quiet since the last tick, and the stream's own check.
     */
    beat(comment: Buffer) {
      if (closed) return;
      if (Date.now() - lastWriteAt >= HEARTBEAT_MS / 2) res.write(comment);
      onBeat?.();
    },
    onBeat(handler: () => void) {
      onBeat = handler;
    },
    buffered: () => res.writableLength,
    /** Whether what was written went out to the client within `timeoutMs` (a closed stream has nothing left to send). */
    drained(timeoutMs: number): Promise<boolean> {
      if (res.writableLength === 0 || closed) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer);
          res.off("drain", onDrain);
          res.off("close", onDrain);
          resolve(drained);
        };
        const onDrain = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        res.once("drain", onDrain);
        res.once("close", onDrain);
      });
    },
    onClose(handler: () => void) {
      closeHandlers.push(handler);
    },
    close,
    /** Ends the stream, telling the client to reconnect (with its Last-Event-ID) after `retryMs`. */
    endWithRetry(retryMs: number) {
      if (closed) return;
      res.write(`retry: ${retryMs}\n\n`);
      close();
    },
  };
}
