import type { IncomingMessage, ServerResponse } from "node:http";
import type { Services } from "@prizepacks/core/server";
import { apiEnv } from "../env.ts";
import { writeError } from "../http-error.ts";
import { StreamSlots } from "../stream-slots.ts";
import { accountEventsHandler } from "./account-events.ts";
import { battleLobbyHandler } from "./battle-lobby.ts";
import { dropsHandler } from "./drops.ts";
import { HEARTBEAT_MS, openStream, WRITE_SLICE, type EventStream } from "./event-stream.ts";
import type { StreamHost, StreamRequestHandler } from "./serve-stream.ts";

export { MAX_STREAMS_PER_KEY, REPLAY_DRAIN_MS } from "./account-events.ts";
export { DROPS_PER_FLUSH, featuredDrops, RECENT_DROPS } from "./drops.ts";

/**
 * When a draining instance ends its streams, clients reconnect after a random wait in this range
 * (the `retry:` hint), so a few thousand of them do not reach the remaining instances in one instant.
 */
const DRAIN_RETRY_MS = { min: 500, max: 2_500 };

/**
 * The server-sent-event streams under /v1, served by the app's HTTP server next to the REST
 * facade (tRPC has no place for a response that never ends), one file each:
 * - GET /v1/events (account-events.ts): the key's account's events.
 * - GET /v1/drops (drops.ts): the public drop feed, no key, limited per client address.
 * - GET /v1/battles/lobby (battle-lobby.ts): the public battle lobby, counted with the drop feeds.
 *
 * Each stream holds a slot (StreamSlots) from the moment its request arrives and goes through
 * the same slot → set-up → open → close sequence (serveStream); a client that leaves during
 * set-up gives its slot back.
 *
 * `closeAll` (the instance is draining) ends every stream with a `retry:` hint, and any stream
 * still being set up as soon as it opens: clients reconnect, through the load balancer, to an
 * instance that stays, and resume after their Last-Event-ID.
 */
export function createStreamHandler({ services }: { services: Services }) {
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
  const endForRetry = (stream: EventStream) =>
    stream.endWithRetry(DRAIN_RETRY_MS.min + Math.floor(Math.random() * (DRAIN_RETRY_MS.max - DRAIN_RETRY_MS.min)));
  const host: StreamHost = {
    services,
    open(req, res, kind, extraHeaders) {
      const stream = openStream(req, res, kind, extraHeaders);
      streams.add(stream);
      stream.onClose(() => streams.delete(stream));
      if (draining) endForRetry(stream);
      return stream;
    },
  };
  const handlers: Record<string, StreamRequestHandler> = {
    "/v1/events": accountEventsHandler(host),
    "/v1/drops": dropsHandler(host, dropSlots),
    "/v1/battles/lobby": battleLobbyHandler(host, dropSlots),
  };

  /** Answers GET /v1/events, GET /v1/drops and GET /v1/battles/lobby; false for any other request (the REST facade's). */
  function handleStreamRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const serve = req.method === "GET" && Object.hasOwn(handlers, path) ? handlers[path] : undefined;
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
