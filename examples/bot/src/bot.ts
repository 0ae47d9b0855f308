// A prizepacks bot built only from the served OpenAPI document:
//   npx openapi-typescript http://localhost:3000/api/openapi.json -o src/generated/api.d.ts
//   PRIZEPACKS_URL=http://localhost:3000 PRIZEPACKS_API_KEY=pp_live_… npx tsx src/bot.ts
// It lists packs (and polls the list with its ETag), picks the cheapest it can afford, opens it without and with an
// Idempotency-Key (the retry must return the same opening), watches its own events, rotates its
// seed pair and verifies every draw of the retired pair from the revealed server seed.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import createClient from "openapi-fetch";
import { readServerSentEvents } from "./events.js";
import { drawHash, itemForTicket, oddsHashOf, sha256Hex, ticketOf } from "./fairness.js";
import type { components, paths } from "./generated/api.js";

type AccountEvent = components["schemas"]["AccountEvent"];
type OpenResult = components["schemas"]["OpenResult"];

const baseUrl = process.env.PRIZEPACKS_URL ?? "http://localhost:3000";
const apiKey = process.env.PRIZEPACKS_API_KEY;
if (!apiKey) throw new Error("Set PRIZEPACKS_API_KEY to an API key (Settings → API).");
const authorization = `Bearer ${apiKey}`;

const api = createClient<paths>({ baseUrl, headers: { Authorization: authorization } });

/** openapi-fetch returns { data } or { error }: a bot stops at the first refusal and says why. */
function must<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${what}: HTTP ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

const log = (message: string) => console.error(`[bot] ${message}`);

/**
 * Collects the account's events after `lastEventId`, until stop() (GET /v1/events). A bot that
 * keeps the id of the last event it handled resumes from there and misses nothing; "0" asks for
 * everything the server still keeps (24 hours), which also covers events caused while the
 * stream was still connecting.
 */
async function watchEvents(lastEventId: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/events`, {
    headers: { Authorization: authorization, Accept: "text/event-stream", "Last-Event-ID": lastEventId },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`GET /v1/events: HTTP ${response.status} ${await response.text()}`);
  const events: AccountEvent[] = [];
  const waiters: Array<() => void> = [];
  const reading = (async () => {
    for await (const message of readServerSentEvents(response)) {
      events.push(JSON.parse(message.data) as AccountEvent);
      waiters.splice(0).forEach((wake) => wake());
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    events,
    /** Resolves once `done` holds for the events received so far. */
    async until(done: (events: AccountEvent[]) => boolean, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done(events)) {
        if (Date.now() > deadline) throw new Error(`events: gave up waiting after ${timeoutMs} ms (${events.length} received)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    async stop(): Promise<void> {
      controller.abort();
      await reading;
    },
  };
}

async function main(): Promise<void> {
  const listed = await api.GET("/v1/packs");
  const packs = must("GET /v1/packs", listed);
  // Polling the catalogue: send back its ETag; while nothing changed the answer is a 304 with no
  // body, and it is not counted against the key's rate limit.
  const etag = listed.response.headers.get("etag");
  const polled = etag ? await api.GET("/v1/packs", { params: { header: { "If-None-Match": etag } } }) : undefined;
  // (Each pack's spinCount is part of it, so on a busy site it changes about once a second.)
  const catalogue = polled?.response.status === 304 ? "unchanged" : "changed";
  log(`catalogue polled: ${catalogue}`);
  const wallet = must("GET /v1/wallet", await api.GET("/v1/wallet"));
  // Money is a two-decimal string, balances a JSON number: compare in cents.
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const affordable = packs
    .filter((p) => cents(p.price) * 3 <= Math.round(wallet.balance * 100))
    .sort((a, b) => cents(a.price) - cents(b.price));
  const pick = affordable[0];
  if (!pick) throw new Error(`No pack costs at most a third of the balance (${wallet.balanceString}).`);
  log(`${packs.length} packs; picked ${pick.slug} at ${pick.price} (balance ${wallet.balanceString})`);

  const pack = must("GET /v1/packs/{idOrSlug}", await api.GET("/v1/packs/{idOrSlug}", { params: { path: { idOrSlug: pick.slug } } }));
  if (oddsHashOf(pack.items) !== pack.oddsHash) throw new Error("The pack's odds table does not match its oddsHash.");

  const stream = await watchEvents(process.env.PRIZEPACKS_LAST_EVENT_ID ?? "0");
  const open = (idempotencyKey?: string) =>
    api.POST("/v1/packs/{idOrSlug}/open", {
      params: { path: { idOrSlug: pack.slug }, ...(idempotencyKey !== undefined && { header: { "Idempotency-Key": idempotencyKey } }) },
    });

  const plain = must("open", await open());
  const key = randomUUID();
  const first = must("open with Idempotency-Key", await open(key));
  const retry = must("retry with the same Idempotency-Key", await open(key));
  const replayed = isDeepStrictEqual(first, retry);
  if (!replayed) throw new Error("The retry with the same Idempotency-Key returned a different opening.");
  const opened: OpenResult[] = [plain, first];
  log(
    `opened ${opened.map((o) => `${o.item.name} (${o.item.rarity}, ticket ${o.spin.result})`).join(", ")}; the retry replayed the same opening`,
  );

  const openedSpins = new Set(opened.map((o) => o.spin.id));
  const seesOpenings = (events: AccountEvent[]) =>
    [...openedSpins].every((id) => events.some((event) => event.type === "open.completed" && event.data.spin.id === id));
  await stream.until(seesOpenings);
  await stream.stop();
  log(`events: ${stream.events.map((event) => `${event.id} ${event.type}`).join(", ")}`);

  // Rotate: no body needed. The response reveals the retired server seed.
  const { previous } = must("POST /v1/fairness/rotate", await api.POST("/v1/fairness/rotate"));
  if (sha256Hex(previous.serverSeed) !== previous.serverSeedHash) throw new Error("The revealed server seed does not match its hash.");

  // Every draw made with the retired pair: nonces 0 .. previous.nonce - 1, from the history.
  const spins: Array<components["schemas"]["SpinHistoryEntry"]> = [];
  let cursor: string | undefined;
  do {
    const page = must(
      "GET /v1/history",
      await api.GET("/v1/history", { params: { query: { limit: 100, ...(cursor !== undefined && { cursor }) } } }),
    );
    spins.push(...page.spins.filter((spin) => spin.fairness.serverSeedHash === previous.serverSeedHash));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);

  let verified = 0;
  for (const spin of spins) {
    const { fairness } = spin;
    const hash = drawHash(previous.serverSeed, fairness.clientSeed, fairness.nonce);
    const ticket = ticketOf(hash);
    const odds = fairness.oddsHash === pack.oddsHash && spin.pack.id === pack.id ? pack.items : undefined;
    const wins = odds ? itemForTicket(odds, ticket)?.id === spin.item.id : true;
    if (hash === fairness.hash && ticket === fairness.result && fairness.serverSeed === previous.serverSeed && wins) verified++;
    else log(`draw ${spin.id} (nonce ${fairness.nonce}) does NOT verify`);
  }
  const allOpenedListed = opened.every((o) => spins.some((spin) => spin.id === o.spin.id));
  const summary = {
    pack: pack.slug,
    catalogue,
    opened: opened.length,
    idempotentReplay: replayed,
    openCompletedEvents: stream.events.filter((event) => event.type === "open.completed" && openedSpins.has(event.data.spin.id)).length,
    draws: previous.nonce,
    verified,
    allVerified: verified === previous.nonce && spins.length === previous.nonce && allOpenedListed,
  };
  log(summary.allVerified ? `all ${verified} draws verified` : `only ${verified} of ${previous.nonce} draws verified`);
  console.log(JSON.stringify(summary));
  if (!summary.allVerified) process.exitCode = 1;
}

await main();
