// A child process of the scale phase (scale.ts) that holds its share of the server-sent-event
// streams: one process cannot hold 20,000 sockets under this machine's open-file limit, and the
// server needs its own share of that limit too. Driven over the IPC channel (see ClientRequest).
import { get as httpGet, type ClientRequest as HttpRequest } from "node:http";
import { HISTOGRAM_BUCKETS } from "./latency.ts";

/** A stream to hold: an account's events (with the account and its key) or the public drop feed. */
export type StreamSpec = { kind: "events"; userId: string; key: string; address: string } | { kind: "drops"; address: string };

export type ClientRequest =
  /** Connects in batches until the deadline (epoch ms); the rest count as failed. */
  | { id: number; type: "connect"; base: string; streams: StreamSpec[]; batch: number; timeoutMs: number; deadline: number }
  /** Latencies and counts from now on, of events after this id only (what a connect replays is older). */
  | { id: number; type: "window"; afterId: number }
  | { id: number; type: "stats"; upToId: number }
  | { id: number; type: "pause" }
  | { id: number; type: "resume" }
  | { id: number; type: "close" };

/** A request as the parent sends it (it adds the id). */
export type ClientCommand = { [K in ClientRequest["type"]]: Omit<Extract<ClientRequest, { type: K }>, "id"> }[ClientRequest["type"]];

export interface ClientStats {
  events: number[];
  drops: number[];
  /** Per events stream: its account and how many of its events in the window it received. */
  received: Array<{ userId: string; count: number }>;
  dropsReceived: number[];
  /** The drops in the window that any of this process's viewers received: what the feed sent (a ticker sends a few of each half second's openings). */
  dropIds: number[];
  /** Streams the server ended (or that failed) since they connected. */
  ended: { events: number; drops: number };
  seen: typeof seen;
  /** What paused streams received after they were resumed, and whether the server ended them. */
  paused: Array<{ kind: StreamSpec["kind"]; bytes: number; ended: boolean }>;
}

interface Held {
  spec: StreamSpec;
  request: HttpRequest;
  pause: () => void;
  resume: () => void;
  ids: number[];
  bytes: number;
  ended: boolean;
  paused: boolean;
}

const held: Held[] = [];
let afterId = Number.MAX_SAFE_INTEGER;
/** Every message with an id since the window opened, older ones too, and the newest id: what arrived at all. */
let seen = { events: { messages: 0, newestId: 0 }, drops: { messages: 0, newestId: 0 } };
let latency = { events: new Uint32Array(HISTOGRAM_BUCKETS), drops: new Uint32Array(HISTOGRAM_BUCKETS) };

// The first "createdAt" of an account event and the first "at" of a drop are the top-level ones
// (JSON.stringify keeps the order id, type, createdAt, data and id, at, player, …): cheaper than
// parsing each event, which matters at thousands of events a second per process.
const CREATED_AT = { events: /"createdAt":"([^"]+)"/, drops: /"at":"([^"]+)"/ } as const;

function record(stream: Held, message: string): void {
  const id = /^id: (\d+)$/m.exec(message)?.[1];
  if (!id) return;
  seen[stream.spec.kind].messages++;
  seen[stream.spec.kind].newestId = Math.max(seen[stream.spec.kind].newestId, Number(id));
  if (Number(id) <= afterId) return;
  const created = CREATED_AT[stream.spec.kind].exec(message)?.[1];
  stream.ids.push(Number(id));
  if (!created) return;
  const ms = Math.max(0, Date.now() - Date.parse(created));
  latency[stream.spec.kind][Math.min(ms, HISTOGRAM_BUCKETS - 1)]!++;
}

function open(base: string, spec: StreamSpec, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const path = spec.kind === "events" ? "/v1/events" : "/v1/drops";
    const headers = spec.kind === "events" ? { authorization: `Bearer ${spec.key}` } : {};
    const timer = setTimeout(() => {
      request.destroy();
      resolve(false);
    }, timeoutMs);
    const request = httpGet(`${base}${path}`, { headers, agent: false, localAddress: spec.address }, (response) => {
      clearTimeout(timer);
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(false);
      }
      const stream: Held = {
        spec,
        request,
        pause: () => response.pause(),
        resume: () => response.resume(),
        ids: [],
        bytes: 0,
        ended: false,
        paused: false,
      };
      let pending = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        stream.bytes += chunk.length;
        const messages = (pending + chunk).split("\n\n");
        pending = messages.pop()!;
        for (const message of messages) record(stream, message);
      });
      const end = () => (stream.ended = true);
      response.on("end", end);
      response.on("error", end);
      response.on("close", end);
      held.push(stream);
      resolve(true);
    });
    request.on("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

async function connect({ base, streams, batch, timeoutMs, deadline }: Extract<ClientRequest, { type: "connect" }>) {
  const connected = { events: 0, drops: 0 };
  for (let i = 0; i < streams.length && Date.now() < deadline; i += batch) {
    const specs = streams.slice(i, i + batch);
    const results = await Promise.all(specs.map((spec) => open(base, spec, timeoutMs)));
    for (const [j, ok] of results.entries()) if (ok) connected[specs[j]!.kind]++;
  }
  return { ...connected, failed: streams.length - connected.events - connected.drops };
}

function stats(upToId: number): ClientStats {
  const inWindow = (ids: number[]) => ids.filter((id) => id <= upToId).length;
  const live = held.filter((stream) => !stream.paused);
  const result: ClientStats = {
    events: Array.from(latency.events),
    drops: Array.from(latency.drops),
    received: live.flatMap((s) => (s.spec.kind === "events" ? [{ userId: s.spec.userId, count: inWindow(s.ids) }] : [])),
    dropsReceived: live.flatMap((s) => (s.spec.kind === "drops" ? [inWindow(s.ids)] : [])),
    dropIds: [...new Set(live.flatMap((s) => (s.spec.kind === "drops" ? s.ids.filter((id) => id <= upToId) : [])))],
    ended: {
      events: live.filter((s) => s.ended && s.spec.kind === "events").length,
      drops: live.filter((s) => s.ended && s.spec.kind === "drops").length,
    },
    seen,
    paused: held.filter((s) => s.paused).map((s) => ({ kind: s.spec.kind, bytes: s.bytes, ended: s.ended })),
  };
  for (const stream of held) stream.ids = [];
  return result;
}

function closeAll(): void {
  for (const stream of held.splice(0)) stream.request.destroy();
}

async function handle(message: ClientRequest): Promise<unknown> {
  switch (message.type) {
    case "connect":
      return connect(message);
    case "window":
      afterId = message.afterId;
      latency = { events: new Uint32Array(HISTOGRAM_BUCKETS), drops: new Uint32Array(HISTOGRAM_BUCKETS) };
      seen = { events: { messages: 0, newestId: 0 }, drops: { messages: 0, newestId: 0 } };
      for (const stream of held) stream.ids = [];
      return null;
    case "stats":
      return stats(message.upToId);
    case "pause":
      // Never read again until resumed: the kernel's buffers fill, then the server's.
      for (const stream of held) {
        stream.paused = true;
        stream.bytes = 0;
        stream.pause();
      }
      return null;
    case "resume":
      for (const stream of held) stream.resume();
      return null;
    case "close":
      closeAll();
      return null;
  }
}

process.on("message", (message: ClientRequest) => {
  handle(message).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});
process.on("disconnect", () => {
  closeAll();
  process.exit(0);
});
