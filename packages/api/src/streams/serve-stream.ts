import type { IncomingMessage, ServerResponse } from "node:http";
import type { Services } from "@prizepacks/core/server";
import type { StreamKind } from "../metrics.ts";
import type { RateLimitHeaders } from "../rate-limit/limiter.ts";
import type { StreamSlots } from "../stream-slots.ts";
import type { EventStream } from "./event-stream.ts";

export type StreamRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What every stream's handler is given by createStreamHandler. */
export interface StreamHost {
  services: Services;
  /** Sends the 200 and counts the stream among the instance's (heartbeat, drain). */
  open(req: IncomingMessage, res: ServerResponse, kind: StreamKind, extraHeaders: object): EventStream;
}

/** A stream's set-up, done: what the 200 carries and how the stream joins its feed. */
export interface PreparedStream {
  /** The rate limit's headers, sent with the 200. */
  limits: RateLimitHeaders | null;
  /** Writes the first frames and joins the feed; returns how to leave it. */
  join(stream: EventStream): () => void;
  /** Undoes what set-up subscribed to, when the client left before the stream could open. */
  abandon?(): void;
  /** What runs once the stream is open and its close is wired (the account's replay). */
  run?(stream: EventStream): Promise<void>;
}

/**
 * The one sequence of every stream: its slot, its set-up (rate limit, parameters, first reads;
 * an error there is the JSON answer, nothing was sent yet), the 200, then the feed until the
 * stream closes, which leaves the feed and gives the slot back.
 *
 * The slot is taken before the first await: a burst of connects cannot all pass the count while
 * the first ones are still being set up.
 */
export async function serveStream(
  req: IncomingMessage,
  res: ServerResponse,
  host: StreamHost,
  { kind, slots, holder, setUp }: { kind: StreamKind; slots: StreamSlots; holder: string; setUp: () => Promise<PreparedStream> },
): Promise<void> {
  const releaseSlot = holdSlot(res, slots, holder);
  const prepared = await setUp();
  // The client left during set-up (its slot is back already): there is no one to stream to.
  if (res.destroyed) return prepared.abandon?.();
  const stream = host.open(req, res, kind, prepared.limits ?? {});
  const leave = prepared.join(stream);
  stream.onClose(() => {
    leave();
    releaseSlot();
  });
  await prepared.run?.(stream);
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
