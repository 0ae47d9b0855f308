import type { Services } from "@prizepacks/core/server";
import type { IncomingMessage } from "node:http";
import {
  AppError,
  hashPresentedKey,
  latestAccountEventId,
  listAccountEventsAfter,
  type AccountEvent,
  type AccountWaker,
} from "@prizepacks/core";
import { attributeToAccount, logger } from "@prizepacks/db/log";
import { presentedApiKey } from "../presented-api-key.ts";
import { assertRateLimit } from "../rate-limit/limiter.ts";
import { StreamSlots } from "../stream-slots.ts";
import { MAX_BUFFERED_BYTES, sseFrame, type EventStream } from "./event-stream.ts";
import { serveStream, type StreamHost, type StreamRequestHandler } from "./serve-stream.ts";

/** Concurrent event streams one API key may hold on one instance. */
export const MAX_STREAMS_PER_KEY = 5;
const REPLAY_BATCH = 500;
/**
 * A replay past MAX_BUFFERED_BYTES waits this long for the client to read before ending its
 * stream: a quarter of a megabyte at half a megabit a second.
 */
export const REPLAY_DRAIN_MS = 5_000;

/**
 * GET /v1/events: the key's account's events, authenticated and rate limited like every /v1
 * call; resumes after Last-Event-ID within 24 hours, in order, none twice.
 */
export function accountEventsHandler(host: StreamHost): StreamRequestHandler {
  const { services } = host;
  const slots = new StreamSlots(MAX_STREAMS_PER_KEY, `At most ${MAX_STREAMS_PER_KEY} event streams per key at once; close one first.`);
  return async (req, res) => {
    const key = presentedApiKey({ get: (name) => headerValue(req, name) });
    // Held under the key's hash, which names the key as its id does (the column is unique) but
    // is known before authentication's await. A missing or malformed key is a 401 here, first.
    await serveStream(req, res, host, {
      kind: "events",
      slots,
      holder: hashPresentedKey(key),
      async setUp() {
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
        return {
          limits,
          abandon: unwatch,
          join(stream) {
            // A revoked key, a banned or deleted account: the stream ends with its access.
            stream.onBeat(() => void services.principals.authenticate(key).catch(() => stream.close()));
            return unwatch;
          },
          run: (stream) => events.start(stream, startAfter),
        };
      },
    });
  };
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
