import { ACCOUNT_EVENT_TYPES, AccountEventSchema, BattleSchema, DropSchema, EVENT_REPLAY_HOURS, RARITIES } from "@prizepacks/core";
import { apiEnv } from "../env.ts";
import { rateLimitPolicies } from "../rate-limit/policies.ts";
import { accountErrorResponses, serverErrorResponses } from "../router/shared/rest-meta.ts";
import { DROPS_PER_FLUSH, MAX_STREAMS_PER_KEY, RECENT_DROPS } from "../streams/index.ts";
import type { ErrorExamples } from "./errors.ts";
import { dropExample, eventExamples, settledBattleExample } from "./examples.ts";
import { rateLimitHeaders } from "./headers.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export type StreamOperationId = "events-stream" | "drops-stream" | "battles-lobby";

/** Where a stream's error differs from its status's example (errors.ts). */
export const streamErrorExamples: Record<StreamOperationId, ErrorExamples> = {
  "events-stream": {
    "400": { message: "Last-Event-ID must be the id of an event this stream sent.", code: "BAD_REQUEST" },
    "429": {
      message: `At most ${MAX_STREAMS_PER_KEY} event streams per key at once; close one first.`,
      code: "RATE_LIMITED",
      retryAfter: 5,
    },
  },
  "battles-lobby": { "429": { message: "At most 10 drop feeds per address at once.", code: "RATE_LIMITED", retryAfter: 5 } },
  "drops-stream": {
    "400": { message: `minRarity: must be one of ${RARITIES.join(", ")}.`, code: "BAD_REQUEST" },
    "429": { message: "At most 10 drop feeds per address at once.", code: "RATE_LIMITED", retryAfter: 5 },
  },
};

/** The error statuses of a stream documented here, as the generator would write them from a procedure's meta. */
function describedErrors(errorResponses: Record<number, string>): Json {
  return Object.fromEntries(Object.entries(errorResponses).map(([status, description]) => [status, { description }]));
}

const sseFraming =
  "Each event is sent as `id: <event id>`, `event: <type>` and `data: <JSON>` lines followed by a blank line; the JSON is the schema below. A comment line (`: heartbeat …`) every 15 seconds keeps proxies from closing the stream, and `retry: 3000` asks clients to reconnect after 3 seconds.";

/** The streams served beside the tRPC procedures (streams/), for the generator's `paths`: zod schemas render as the outputs do. */
export function streamOperations(): Json {
  const limits = rateLimitPolicies();
  const eventExampleEntries = Object.fromEntries(
    Object.entries(eventExamples).map(([type, value]) => [type.replace(".", "-"), { summary: type, value }]),
  );
  const lastEventId = (where: "header" | "query") => ({
    name: where === "header" ? "Last-Event-ID" : "lastEventId",
    in: where,
    required: false,
    description:
      where === "header"
        ? `Resume after this event: every later event of the last ${EVENT_REPLAY_HOURS} hours is sent first, in order, none twice. Browsers' EventSource sends it on reconnect by itself.`
        : "The same as the Last-Event-ID header, for clients that cannot set headers.",
    schema: { type: "string", pattern: "^\\d{1,19}$" },
    example: "18342",
  });
  const events = {
    operationId: "events-stream" satisfies StreamOperationId,
    summary: "The account's events as server-sent events",
    description: [
      `Streams the key's account's events as they happen: ${ACCOUNT_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}. Authenticated and rate limited like every /v1 call; at most ${MAX_STREAMS_PER_KEY} streams per key at once (the next one is a 429).`,
      "",
      sseFraming,
      "",
      "A new stream starts after the account's latest event. To miss nothing across reconnects, remember the last `id` received and reconnect with `Last-Event-ID` (or `?lastEventId=`). A client that reads too slowly is disconnected and resumes the same way. The stream ends when the key that opened it is revoked (after its `key.revoked` event) or the account may no longer act.",
    ].join("\n"),
    tags: ["Events"],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    parameters: [lastEventId("header"), lastEventId("query")],
    responses: {
      "200": {
        description: "The event stream (text/event-stream), open until the client closes it.",
        headers: rateLimitHeaders,
        content: { "text/event-stream": { schema: AccountEventSchema, examples: eventExampleEntries } },
      },
      ...describedErrors({
        ...accountErrorResponses,
        400: "Last-Event-ID is not an event id",
        429: `Rate limit exceeded, or ${MAX_STREAMS_PER_KEY} streams of this key already open`,
      }),
    },
  };
  const drops = {
    operationId: "drops-stream" satisfies StreamOperationId,
    summary: "The public feed of openings as server-sent events",
    description: [
      `The site's openings as they happen (event type \`drop\`), with the player's name masked; no API key needed. The ${RECENT_DROPS} latest drops are sent first. A ticker, not a record: every half second the feed sends what was opened meanwhile, at most ${DROPS_PER_FLUSH} drops (the rarest, then the most valuable, in the order they happened), so a busy moment shows its highlights; \`minRarity\` filters before that choice. An account's own openings, every one of them, are on \`GET /v1/events\`. Limited per client address: ${limits.drops.limit} connections per ${limits.drops.windowSeconds} s and at most ${apiEnv().DROP_STREAMS_PER_ADDRESS} open at once. A client that reads too slowly skips ahead.`,
      "",
      sseFraming,
    ].join("\n"),
    tags: ["Events"],
    security: [],
    parameters: [
      {
        name: "minRarity",
        in: "query",
        required: false,
        description: "Only drops of this rarity or rarer.",
        schema: { type: "string", enum: [...RARITIES] },
        example: "EPIC",
      },
    ],
    responses: {
      "200": {
        description: "The drop feed (text/event-stream), open until the client closes it.",
        headers: rateLimitHeaders,
        content: { "text/event-stream": { schema: DropSchema, example: dropExample } },
      },
      ...describedErrors({
        ...serverErrorResponses,
        400: "minRarity is not a rarity",
        429: `Too many connections from this address, or ${apiEnv().DROP_STREAMS_PER_ADDRESS} feeds already open`,
      }),
    },
  };
  const lobby = {
    operationId: "battles-lobby" satisfies StreamOperationId,
    summary: "The public battle lobby as server-sent events",
    description: [
      `Open battles and the latest settled ones first, then every battle as it changes (event type \`battle\`: joined, locked, settled, cancelled), as anyone sees it; no API key needed. Limited like the drop feed, per client address: ${limits.drops.limit} connections per ${limits.drops.windowSeconds} s, shared with it, and at most ${apiEnv().DROP_STREAMS_PER_ADDRESS} feeds open at once.`,
      "",
      sseFraming,
    ].join("\n"),
    tags: ["Battles"],
    security: [],
    responses: {
      "200": {
        description: "The lobby (text/event-stream), open until the client closes it.",
        headers: rateLimitHeaders,
        content: { "text/event-stream": { schema: BattleSchema, example: settledBattleExample } },
      },
      ...describedErrors({
        ...serverErrorResponses,
        429: `Too many connections from this address, or ${apiEnv().DROP_STREAMS_PER_ADDRESS} feeds already open`,
      }),
    },
  };
  return { "/v1/events": { get: events }, "/v1/drops": { get: drops }, "/v1/battles/lobby": { get: lobby } };
}
