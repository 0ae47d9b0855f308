import { generateOpenApiDocument, type OpenApiMeta } from "trpc-to-openapi";
import {
  ACCOUNT_EVENT_TYPES,
  AccountEventSchema,
  BATTLE_PROTOCOL_TEXT,
  BattleSchema,
  DropSchema,
  EVENT_REPLAY_HOURS,
  ErrorResponseSchema,
  errorCodeStatus,
  IDEMPOTENCY_WINDOW_HOURS,
  RARITIES,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_RESPONSE_TIMEOUT_MS,
  type ErrorCode,
  type ErrorResponse,
} from "@prizepacks/core";
import { dropExample, eventExamples, settledBattleExample, successExamples } from "./openapi-examples.ts";
import { rateLimitPolicies } from "./rate-limit/policies.ts";
import { appRouter } from "./root.ts";
import { accountErrorResponses, serverErrorResponses } from "./router/shared/rest-meta.ts";
import { apiEnv } from "./env.ts";
import { DROPS_PER_FLUSH, MAX_STREAMS_PER_KEY, RECENT_DROPS } from "./streams/index.ts";

// The generated document is walked and patched as plain JSON; what comes out is checked whole
// (ajv against every example, Redocly's rules, every live response in openapi.e2e).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const rateLimitHeaders = {
  "RateLimit-Limit": {
    description: "Requests allowed in the window (sent once the key is known).",
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": { description: "Requests left in the window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until the window frees up.", schema: { type: "integer", minimum: 0 } },
};
const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 0 }, example: 12 },
};
const challengeHeader = {
  "WWW-Authenticate": {
    description: "How to authenticate: the API key as a bearer token.",
    schema: { type: "string" },
    example: 'Bearer realm="prizepacks"',
  },
};

/** One example body per error code, each a message the server really sends. */
const errorExamples: Record<ErrorCode, ErrorResponse> = {
  BAD_REQUEST: {
    message: "limit: must be at most 100",
    code: "BAD_REQUEST",
    issues: [{ path: ["limit"], message: "must be at most 100" }],
  },
  INSUFFICIENT_BALANCE: { message: "Insufficient balance: the pack costs $4.99, the wallet holds $1.20.", code: "INSUFFICIENT_BALANCE" },
  UNAUTHORIZED: { message: "Invalid API key.", code: "UNAUTHORIZED" },
  FORBIDDEN: { message: "This account is banned.", code: "FORBIDDEN" },
  LIMIT_REACHED: {
    message:
      "Your loss limit of $5.00 a day is reached ($4.00 counts now, this asks for $3.00); it allows this again at 2026-11-25T09:14:03.120Z.",
    code: "LIMIT_REACHED",
    kind: "loss",
    period: "day",
    resetsAt: "2026-11-25T09:14:03.120Z",
  },
  EXCLUDED: {
    message: "This account has taken a time-out until 2026-12-01T18:00:00.000Z: opening packs and deposits are paused.",
    code: "EXCLUDED",
    kind: "timeout",
    period: "7d",
    endsAt: "2026-12-01T18:00:00.000Z",
  },
  UNDER_AGE: { message: "You must be at least 18 years old to use prizepacks.", code: "UNDER_AGE" },
  AGE_UNCONFIRMED: {
    message: "Confirm your date of birth before opening packs: sign in to the web app and go to /settings/age.",
    code: "AGE_UNCONFIRMED",
  },
  AGE_REVIEW_REQUIRED: {
    message:
      "This date of birth differs from one refused before for this e-mail address or account. An operator will review it; until then no other date can be accepted.",
    code: "AGE_REVIEW_REQUIRED",
  },
  NOT_FOUND: { message: 'Pack "no-such-pack" was not found.', code: "NOT_FOUND" },
  CONFLICT: { message: "This Idempotency-Key was already used to open a different pack.", code: "CONFLICT" },
  RATE_LIMITED: { message: "Rate limit exceeded: 30 requests per 60 s. Retry in 12 s.", code: "RATE_LIMITED", retryAfter: 12 },
  INTERNAL: { message: "Internal server error.", code: "INTERNAL", requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41" },
  UNAVAILABLE: {
    message: "The database is unavailable or busy; try again shortly.",
    code: "UNAVAILABLE",
    retryAfter: 2,
    requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
  },
};

/**
 * Each status's example, built by walking the one error table in its order: a status shows
 * its first code's example (400: BAD_REQUEST, not INSUFFICIENT_BALANCE).
 */
const examplesByStatus = new Map<string, ErrorResponse>();
for (const [code, status] of Object.entries(errorCodeStatus) as Array<[ErrorCode, number]>) {
  if (!examplesByStatus.has(String(status))) examplesByStatus.set(String(status), errorExamples[code]);
}

function exampleFor(status: string): ErrorResponse {
  const example = examplesByStatus.get(status);
  if (!example) throw new Error(`No error code has status ${status}: add it to errorCodeStatus first.`);
  return example;
}

/** Where an operation's error differs from its status's example above. */
const operationErrorExamples: Record<string, Record<string, ErrorResponse>> = {
  open: { "400": errorExamples.INSUFFICIENT_BALANCE, "403": errorExamples.LIMIT_REACHED },
  "fairness-rotate": {
    "400": {
      message: "clientSeed: clientSeed must be 1-64 printable ASCII characters without spaces",
      code: "BAD_REQUEST",
      issues: [{ path: ["clientSeed"], message: "clientSeed must be 1-64 printable ASCII characters without spaces" }],
    },
    "409": { message: "The seed pair was rotated concurrently; try again.", code: "CONFLICT" },
  },
  "deposits-create": {
    "400": { message: "A deposit must be at least $5.00 and at most $1,000.00.", code: "BAD_REQUEST" },
    "403": errorExamples.EXCLUDED,
    "409": { message: "This Idempotency-Key was already used for a deposit of another amount.", code: "CONFLICT" },
    "503": {
      message: "Deposits are unavailable: the payment server cannot be reached; try again shortly.",
      code: "UNAVAILABLE",
      retryAfter: 10,
      requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
    },
  },
  "deposits-get": { "404": { message: "No such deposit.", code: "NOT_FOUND" } },
  "inventory-sell": {
    "400": {
      message: "inventoryItemIds: must not be empty",
      code: "BAD_REQUEST",
      issues: [{ path: ["inventoryItemIds"], message: "must not be empty" }],
    },
    "404": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was not found.', code: "NOT_FOUND" },
    "409": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was already sold.', code: "CONFLICT" },
  },
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

const tags = [
  { name: "Packs", description: "The catalogue: every active pack, one pack with its odds table, and opening a pack." },
  { name: "Boxes", description: "The Packs operations again under `/v1/boxes`, for clients that call them boxes." },
  { name: "Account", description: "The account the API key belongs to." },
  { name: "Inventory", description: "Items won by opening packs: list them, sell them for their value." },
  { name: "History", description: "The account's openings with every value needed to verify each draw." },
  { name: "Wallet", description: "The balance and the ledger of every change to it." },
  {
    name: "Deposits",
    description: "Money in through the operator's BTCPay Server: an invoice per deposit, credited once when it settles.",
  },
  {
    name: "Withdrawals",
    description:
      "Money out to a confirmed payout destination, made in the web app with the account's second factor only; an API key can list withdrawals and follow their state, never make one.",
  },
  {
    name: "Shipments",
    description: "Delivery of won items: saved addresses, the fee to a country, and shipments from request to delivery.",
  },
  { name: "Fairness", description: "The seed pair behind every draw: its commitments, and rotating it to reveal the server seed." },
  {
    name: "Battles",
    description:
      "Pack battles: seats open the same packs round by round, the best team total takes every item; provably fair by battle/v1.",
  },
  { name: "Events", description: "Server-sent event streams: the account's events, and the public feed of openings." },
  {
    name: "Webhooks",
    description: `The account's events as signed HTTPS POSTs to endpoints registered in Settings → API (${SIGNATURE_HEADER} header).`,
  },
];

function describeDocument(): string {
  const limits = rateLimitPolicies();
  return [
    "Open prize packs from bots and integrations. `/v1/packs` and `/v1/boxes` are the same API under two names. A typed client generated from this document (openapi-typescript + openapi-fetch) drives the whole flow: see `examples/bot` in the repository.",
    "",
    "## Authentication",
    'Send the API key with every `/v1` request as `Authorization: Bearer <key>` (recommended) or `X-Api-Key: <key>`. Keys look like `pp_live_` followed by 40 base62 characters and are created in the web app under Settings → API. A 401 carries `WWW-Authenticate: Bearer realm="prizepacks"`. Only `GET /v1/drops` needs no key.',
    "",
    "## Money",
    'Amounts are exact decimal strings with two decimals (`"4.99"`, `"-4.99"`), except `balance`, `balanceAfter` and `maxItemValue`, which are JSON numbers (`95.01`). Where a balance is also needed exactly, `balanceString` carries it as a string.',
    "",
    "## Errors and limits",
    "Errors are JSON `{ message, code, issues?, retryAfter? }` (`kind`, `period`, `resetsAt`, `endsAt` with LIMIT_REACHED and EXCLUDED); `code` is one of " +
      Object.entries(errorCodeStatus)
        .map(([code, status]) => `\`${code}\` (${status})`)
        .join(", ") +
      ". When several apply, the first of 401, 403, 429, 404, 400 wins.",
    `Opens are limited to ${limits.open.limit} per ${limits.open.windowSeconds} s per key, other calls to ${limits.api.limit} per ${limits.api.windowSeconds} s per key (the defaults; \`RateLimit-Limit\` says the real one). Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` once the key is known, errors included; 429 and 503 carry \`Retry-After\` in seconds.`,
    "",
    "## Player protection",
    "Spending limits and time-outs bind the account on every channel, API keys included. `GET /v1/me/limits` lists the limits (deposit, wager or loss over a rolling day, week or month), what counts against each now, pending raises and any exclusion; `POST /v1/me/limits` sets one: lower at once, higher or removed only after 24 h and a confirmation in the web app. An opening that would pass a limit (counting the item won as worth 0) is refused with 403 `LIMIT_REACHED`, its `kind`, `period` and `resetsAt` (the earliest moment the same request would pass); during a time-out or self-exclusion openings and deposits answer 403 `EXCLUDED` with `endsAt` (null: permanent). Reading, selling and withdrawing always work.",
    "",
    "## Age",
    "Every account's age is confirmed: a date of birth at sign-up (refused under the operator's minimum age, 18 by default, with 403 `UNDER_AGE`), or the operator's word for accounts made with the admin CLI. An account from before the age gate that has not confirmed its date of birth in the web app (Settings → Age) cannot open packs: 403 `AGE_UNCONFIRMED`, on every channel. The date of birth is never returned by this API.",
    "",
    "## Idempotent opens",
    `\`Idempotency-Key\` on an open: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the original response and opens nothing.`,
    "",
    "## Provable fairness",
    "Every opening is drawn from the account's seed pair: a secret server seed, committed by its SHA-256 (`serverSeedHash`), a client seed the account may choose, and a nonce counting the pair's openings from 0.",
    '1. `hash = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce)`, as lower-case hex; the seeds are used as UTF-8 text.',
    "2. `result = floor(parseInt(hash.slice(0, 13), 16) / 2^52 × 100000) + 1`: the first 13 hex characters are 52 bits, an integer below 2^52, so `result` is a ticket from 1 to 100000.",
    "3. The item whose `[ticketFrom, ticketTo]` range holds `result` wins. The ranges of a pack cover 1..100000 exactly; an item's chance in percent is its ticket count / 1000.",
    '4. The odds table is fixed by `oddsHash` = SHA-256 (hex) of its canonical form: the JSON array of `[itemId, ticketFrom, ticketTo]` rows ordered by `ticketFrom`, without whitespace, e.g. `[["cmic2x9rq0010pp3kancearbu",1,60],["cmic2x9rq0011pp3ksmartfit",61,773]]`. Every opening records the `oddsHash` and `oddsVersion` it used.',
    "",
    "`POST /v1/fairness/rotate` retires the pair and reveals its server seed: check `SHA-256(serverSeed) = serverSeedHash`, then recompute every opening of the pair (nonces 0 to `previous.nonce` - 1, listed by `GET /v1/history`).",
    "",
    "## Battles (battle/v1)",
    BATTLE_PROTOCOL_TEXT,
    "",
    "## Events and webhooks",
    `\`GET /v1/events\` streams the account's events (${ACCOUNT_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}) as server-sent events; reconnect with \`Last-Event-ID\` within ${EVENT_REPLAY_HOURS} hours to get every missed event, in order, none twice. The same events can be delivered as webhooks (see \`webhooks\`), signed with \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>\`.`,
  ].join("\n");
}

/**
 * Each operation's own error descriptions, from its meta. trpc-to-openapi keeps one response
 * object per error code for the whole document, so without this every 404 would read like
 * the first procedure's ("Pack not found or inactive"), a sale's included.
 */
function errorDescriptionsByOperation(): Map<string, Record<string, string>> {
  // tRPC keeps every procedure in one flat record keyed by its dotted path.
  const procedures = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>);
  const byOperation = new Map<string, Record<string, string>>();
  for (const procedure of procedures) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi?.operationId && openapi.errorResponses && !Array.isArray(openapi.errorResponses)) {
      byOperation.set(openapi.operationId, openapi.errorResponses);
    }
  }
  return byOperation;
}

/** Operations whose success is 201 Created (transport.ts CREATING_PROCEDURES answers so). */
const CREATED_OPERATIONS = new Set(["deposits-create", "shipments-create", "addresses-create"]);

/** "packs-open" and "boxes-open" share their examples. */
const exampleKey = (operationId: string) => operationId.replace(/^(packs|boxes)-/, "");

function errorResponse(operationId: string, status: string, description: string): Json {
  const example =
    operationErrorExamples[exampleKey(operationId)]?.[status] ?? operationErrorExamples[operationId]?.[status] ?? exampleFor(status);
  return {
    description,
    headers: {
      ...(status !== "401" && status !== "500" && rateLimitHeaders),
      ...(status === "401" && challengeHeader),
      ...((status === "429" || status === "503") && retryAfterHeader),
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
  };
}

/** The error statuses of a stream documented here, as the generator would write them from a procedure's meta. */
function describedErrors(errorResponses: Record<number, string>): Json {
  return Object.fromEntries(Object.entries(errorResponses).map(([status, description]) => [status, { description }]));
}

/**
 * zod gives every .int() the bounds of a safe integer (±2^53 - 1), which reference UIs show as
 * a value and which say nothing: a bound that is not ours is dropped.
 */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropSafeIntegerBounds);
  if (node === null || typeof node !== "object") return;
  const schema = node as Json;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  for (const value of Object.values(schema)) dropSafeIntegerBounds(value);
}

const sseFraming =
  "Each event is sent as `id: <event id>`, `event: <type>` and `data: <JSON>` lines followed by a blank line; the JSON is the schema below. A comment line (`: heartbeat …`) every 15 seconds keeps proxies from closing the stream, and `retry: 3000` asks clients to reconnect after 3 seconds.";

/** The two streams served beside the tRPC procedures (streams.ts), for the generator's `paths`: zod schemas render as the outputs do. */
function streamOperations(): Json {
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
    operationId: "events-stream",
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
    operationId: "drops-stream",
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
    operationId: "battles-lobby",
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

const eventSchemaIds: Record<(typeof ACCOUNT_EVENT_TYPES)[number], string> = {
  "open.completed": "OpenCompletedEvent",
  "item.sold": "ItemSoldEvent",
  "wallet.changed": "WalletChangedEvent",
  "seed.rotated": "SeedRotatedEvent",
  "key.revoked": "KeyRevokedEvent",
  "deposit.settled": "DepositSettledEvent",
  "withdrawal.requested": "WithdrawalRequestedEvent",
  "withdrawal.approved": "WithdrawalApprovedEvent",
  "withdrawal.completed": "WithdrawalCompletedEvent",
  "withdrawal.rejected": "WithdrawalRejectedEvent",
  "withdrawal.failed": "WithdrawalFailedEvent",
  "shipment.requested": "ShipmentRequestedEvent",
  "shipment.approved": "ShipmentApprovedEvent",
  "shipment.shipped": "ShipmentShippedEvent",
  "shipment.delivered": "ShipmentDeliveredEvent",
  "shipment.rejected": "ShipmentRejectedEvent",
  "shipment.cancelled": "ShipmentCancelledEvent",
  "shipment.returned": "ShipmentReturnedEvent",
  "battle.joined": "BattleJoinedEvent",
  "battle.locked": "BattleLockedEvent",
  "battle.settled": "BattleSettledEvent",
  "battle.cancelled": "BattleCancelledEvent",
};

function webhookOperations(): Json {
  const header = (name: string, description: string, example: string, pattern?: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string", ...(pattern && { pattern }) },
    example,
  });
  return Object.fromEntries(
    ACCOUNT_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type.replace(".", "-")}`,
          summary: `${type} delivered to your endpoint`,
          description: [
            `The same event as on \`GET /v1/events\`, POSTed as JSON to each enabled endpoint that chose \`${type}\`. Accept the connection within ${WEBHOOK_CONNECT_TIMEOUT_MS / 1000} seconds and answer with any 2xx within ${WEBHOOK_RESPONSE_TIMEOUT_MS / 1000} seconds of it (queue the work, answer, then do it); anything else is retried with exponential backoff for a day, after which the endpoint is marked failing. Deliveries can repeat: use the event's \`id\` to handle each once.`,
            "",
            `Verify \`${SIGNATURE_HEADER}\` before trusting the body: split it at \`,\` into \`t\` and \`v1\`; compute \`HMAC-SHA256(secret, t + "." + rawBody)\` as hex with the endpoint's secret (\`whsec_…\`, shown once when the endpoint is created); compare it with \`v1\` in constant time; refuse a \`t\` more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now (a replay). In Node: \`timingSafeEqual(createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest(), Buffer.from(v1, "hex"))\`.`,
          ].join("\n"),
          tags: ["Webhooks"],
          security: [],
          parameters: [
            header(
              SIGNATURE_HEADER,
              '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.',
              "t=1795435200,v1=4f2a7c9e1b3d5f8a0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a",
              "^t=\\d+,v1=[0-9a-f]{64}$",
            ),
            header("Prizepacks-Event-Id", "The event's id, as in the body.", "18342", "^\\d{1,19}$"),
            header("Prizepacks-Event-Type", "The event's type, as in the body.", type),
            header(
              "Prizepacks-Delivery-Id",
              "This delivery (the same across its retries); resend one from Settings → API.",
              "5521",
              "^\\d{1,19}$",
            ),
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: `#/components/schemas/${eventSchemaIds[type]}` }, example: eventExamples[type] },
            },
          },
          responses: {
            "2XX": { description: "Received: the delivery is done." },
            "4XX": { description: "Not received: retried with exponential backoff for a day." },
            "5XX": { description: "Not received: retried with exponential backoff for a day." },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI document of the REST facade, generated from the router's meta and zod schemas. */
export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }) {
  const document = generateOpenApiDocument(appRouter, {
    title: "prizepacks REST API",
    version: "1.0.0",
    baseUrl,
    description: describeDocument(),
    license: { name: "MIT", identifier: "MIT" },
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer pp_live_..." },
      apiKeyHeader: { type: "apiKey", in: "header", name: "X-Api-Key", description: "X-Api-Key: pp_live_..." },
    },
    defs: { Error: ErrorResponseSchema },
    paths: streamOperations(),
  }) as Json;

  document.tags = tags;
  document.webhooks = webhookOperations();
  // The generator's own error schemas ("error.NOT_FOUND", …) carry tRPC's codes, not ours; the
  // responses below use Error.
  for (const name of Object.keys(document.components.schemas)) if (name.startsWith("error.")) delete document.components.schemas[name];

  const errorDescriptions = errorDescriptionsByOperation();
  for (const pathItem of Object.values(document.paths as Json)) {
    for (const operation of Object.values(pathItem as Json) as Json[]) {
      const { operationId } = operation;
      const body = operation.requestBody?.content?.["application/json"];
      // A body whose fields are all optional may be left out (rotate); generators then need no `{}`.
      if (body && !(body.schema?.required?.length > 0)) operation.requestBody.required = false;
      if (exampleKey(operationId) === "open") {
        operation.requestBody = {
          required: false,
          description: "Optional. A JSON object if sent (its fields are ignored); anything else is a 400.",
          content: { "application/json": { schema: { type: "object" }, example: {} } },
        };
      }
      // What the REST handler answers with 201 (transport.ts): the generator knows only 200.
      if (CREATED_OPERATIONS.has(operationId) && operation.responses["200"]) {
        const { 200: created, ...others } = operation.responses as Json;
        operation.responses = { 201: created, ...others };
      }
      for (const [status, response] of Object.entries(operation.responses as Json) as Array<[string, Json]>) {
        if (status.startsWith("2")) {
          const success = response;
          success.headers = { ...(success.headers ?? {}), ...rateLimitHeaders };
          const media = success.content?.["application/json"];
          const example = successExamples[exampleKey(operationId)] ?? successExamples[operationId];
          if (media && example !== undefined) media.example = example;
          continue;
        }
        // A fresh object per operation: the generator's is shared by every operation with this code.
        const description = errorDescriptions.get(operationId)?.[status] ?? response.description;
        operation.responses[status] = errorResponse(operationId, status, description);
      }
    }
  }
  dropSafeIntegerBounds(document);
  document["x-error-codes"] = errorCodeStatus;
  return document;
}
