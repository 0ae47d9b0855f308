// History: a million spins recorded as real openings are, books balanced, events and all.
import { randomUUID } from "node:crypto";
import {
  createUser,
  creditWallet,
  drawOpening,
  getActivePackOrThrow,
  rollUpReports,
  rollUpSpinCounts,
  type CachedPack,
  type OpenPackArgs,
} from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { log } from "./log.ts";

/**
 * Openings per statement. Each statement is one transaction updating its account's wallet and
 * seed pair rows once per opening, and every update in a transaction walks that row's versions
 * so far: 500 costs about 150 buffer reads an opening, 50 about 130, 2,000 about 240.
 */
const BATCH = 500;
/** How far behind now the report rollup stops (pack-reports.ts SETTLE), and a second to spare. */
const REPORT_SETTLE_MS = 61_000;

// Each row is one call of open_pack, the opening's own SQL: the same debit, nonce, spin,
// inventory item, ledger entry, tally and both account events (with their notifications and
// any webhook deliveries) as an opening over HTTP, so the history has nothing the service
// would not have written. The rows' order is the array's (the function scan yields them in
// order, the lateral call runs once per row); were it ever not, open_pack would refuse the
// nonce (PP409) rather than record a draw against the wrong one.
const RECORD_OPENINGS = `
  SELECT count(*)::int AS opened, count(*) FILTER (WHERE o.balance_after IS NULL)::int AS refused
  FROM jsonb_to_recordset($1::jsonb) AS c(
    p_user text, p_pack text, p_price numeric, p_pair text, p_nonce integer,
    p_item text, p_value numeric, p_odds text, p_result integer, p_hash text,
    p_spin text, p_inventory_item text, p_ledger_entry text,
    p_idempotency_key text, p_response jsonb, p_house_take numeric)
  CROSS JOIN LATERAL open_pack(
    p_user => c.p_user, p_pack => c.p_pack, p_price => c.p_price, p_pair => c.p_pair, p_nonce => c.p_nonce,
    p_item => c.p_item, p_value => c.p_value, p_odds => c.p_odds, p_result => c.p_result, p_hash => c.p_hash,
    p_spin => c.p_spin, p_inventory_item => c.p_inventory_item, p_ledger_entry => c.p_ledger_entry,
    p_idempotency_key => c.p_idempotency_key, p_response => c.p_response, p_house_take => c.p_house_take) o`;

/** Accounts recording at once: the database's work per opening is serial within an account (its wallet row), not across accounts. */
const HISTORY_ACCOUNTS = 4;

/**
 * Adds `spins` openings by HISTORY_ACCOUNTS synthetic accounts, each spread evenly over the
 * active packs: per pack a deposit through the wallet that pays for them, then the openings,
 * drawn by the service's own code (drawOpening) from the account's seed pair, in batches.
 */
export async function addHistory(database: Database, spins: number): Promise<void> {
  const started = Date.now();
  const packs = await database.sql.query<{ slug: string }>(
    `SELECT slug FROM pack WHERE active AND "currentOddsVersionId" IS NOT NULL ORDER BY slug`,
  );
  const services = await openServices(database);
  const cachedPacks = await Promise.all(packs.map(({ slug }) => getActivePackOrThrow(services, slug)));
  const shares = Array.from(
    { length: HISTORY_ACCOUNTS },
    (_, i) => Math.floor(spins / HISTORY_ACCOUNTS) + (i < spins % HISTORY_ACCOUNTS ? 1 : 0),
  );
  const total = (await Promise.all(shares.map((share) => addAccountHistory(database, cachedPacks, share)))).reduce((sum, n) => sum + n, 0);
  log(`history: ${total} spins recorded through open_pack in ${Math.round((Date.now() - started) / 1000)} s`);
  await settle(database);
}

/**
 * Brings the database to a steady state before a measurement: the measured turns see the
 * steady state of what was written before them, not the aftermath of writing it. The service
 * rolls tallies into pack_stats every second and spins into the daily report rows every
 * minute, a minute behind: both are done here first, so that neither lands on a measured turn.
 * Done before the growth's "before" turns as after the history, so that only the history differs.
 */
export async function settle(database: Database): Promise<void> {
  const recorded = Date.now();
  const services = await openServices(database);
  await rollUpSpinCounts(services);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, recorded + REPORT_SETTLE_MS - Date.now())));
  // Not caught up: a day further along, or the service's own run holds the watermark (wait for it).
  while (!(await rollUpReports(services)).caughtUp) await new Promise((resolve) => setTimeout(resolve, 200));
  // Vacuum now rather than let autovacuum start mid-measurement, and flush the WAL written so far.
  await database.sql.exec(
    "VACUUM ANALYZE spin, inventory_item, ledger_entry, seed_pair, wallet, spin_tally, pack_stats, pack_day_stats, account_event",
  );
  await database.sql.exec("CHECKPOINT").catch(() => log("CHECKPOINT needs a superuser; skipped"));
  log(`settled: rolled up, vacuumed and checkpointed in ${Math.round((Date.now() - recorded) / 1000)} s`);
}

async function addAccountHistory(database: Database, packs: CachedPack[], spins: number): Promise<number> {
  const email = `history-${randomUUID().slice(0, 8)}@bench.prizepacks.local`;
  const { userId } = await createUser(await openServices(database), { email });
  const [pair] = await database.sql.query<{ id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }>(
    `SELECT id, "serverSeed", "serverSeedHash", "clientSeed", nonce FROM seed_pair WHERE "userId" = $1 AND "retiredAt" IS NULL`,
    [userId],
  );
  if (!pair) throw new Error(`the history account ${email} has no active seed pair`);
  const perPack = Math.ceil(spins / packs.length);
  let nonce = pair.nonce;
  let total = 0;
  for (const cached of packs) {
    const count = Math.min(perPack, spins - total);
    if (count <= 0) break;
    await creditWallet(await openServices(database), {
      userId,
      amount: cached.pack.price.times(count),
      kind: "DEPOSIT",
      note: "bench history",
    });
    for (let done = 0; done < count; done += BATCH) {
      const calls: OpenPackArgs[] = [];
      for (let i = 0; i < Math.min(BATCH, count - done); i++) calls.push(drawOpening(cached, userId, { ...pair, nonce: nonce++ }));
      // A batch is one statement, so an account's wallet row gets a version per opening that no
      // one can prune until it commits. With statistics that call the wallet table tiny (right
      // after the settle before the growth), the planner scans it whole for each opening, over
      // every version so far: quadratic in the batch. The service opens one per transaction,
      // where such a plan costs little (docs/performance.md, "Round two, continued").
      // DISCARD PLANS: the pool's connections hold open_pack's plans from the turns before.
      const [row] = await database.sql.transaction(async (tx) => {
        await tx.query("DISCARD PLANS");
        await tx.query("SET LOCAL enable_seqscan = off");
        return tx.query<{ opened: number; refused: number }>(RECORD_OPENINGS, [JSON.stringify(calls)]);
      });
      if (row?.opened !== calls.length || row.refused !== 0)
        throw new Error(`history: ${JSON.stringify(row)} of ${calls.length} openings recorded`);
    }
    total += count;
  }
  return total;
}
