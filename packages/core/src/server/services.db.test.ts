import { describe, expect, it } from "vitest";
import { auditInvariants } from "../audit/audit.ts";
import { getPackDetail, listActivePacks } from "../catalog/get-pack.ts";
import { rollUpSpinCounts, startSpinCountRollup } from "../catalog/spin-count-rollup.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import type { AccountEvent } from "../events/account-events.ts";
import { hashApiKey } from "../keys/api-keys.ts";
import { Money } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import type { Change } from "../runtime/change-feed.ts";

const services = useTestServices();
const database = () => services().database;
const isPostgres = () => database().kind === "postgres";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` passes or `withinMs` runs out; returns how long it took. */
async function within(withinMs: number, check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await sleep(20);
    }
  }
}

describe("spinCount", () => {
  it("counts every opening exactly once, also with rollups running side by side", async () => {
    const [a, b] = [await createTestPack(services(), { price: "1.00" }), await createTestPack(services(), { price: "1.00" })];
    const users = await Promise.all(Array.from({ length: 4 }, () => createTestUser(services(), { balance: "50.00" })));
    const opens = users.flatMap((user, i) =>
      Array.from({ length: 6 }, () => openPack(services(), { userId: user.userId, idOrSlug: (i % 2 ? a : b).slug })),
    );
    // Rollups race the opens and each other; SKIP LOCKED gives each its own tallies.
    const rollups = Array.from({ length: 6 }, (_, i) => sleep(i * 5).then(() => rollUpSpinCounts(services())));
    await Promise.all([...opens, ...rollups]);
    await Promise.all([rollUpSpinCounts(services()), rollUpSpinCounts(services())]);
    const counted = await database().sql.query<{ packId: string; spinCount: string }>(
      `SELECT "packId", "spinCount"::text AS "spinCount" FROM pack_stats WHERE "packId" = ANY($1::text[]) ORDER BY "packId"`,
      [[a.id, b.id]],
    );
    expect(Object.fromEntries(counted.map((row) => [row.packId, Number(row.spinCount)]))).toEqual({ [a.id]: 12, [b.id]: 12 });
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("shows on the pack within about two seconds of an opening, without a scan of the spins", async () => {
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "5.00" });
    startSpinCountRollup(services()); // a background job (startBackgroundJobs), until the database closes
    expect((await getPackDetail(services(), pack.slug)).spinCount).toBe(0);
    await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    const took = await within(3_000, async () => expect((await getPackDetail(services(), pack.slug)).spinCount).toBe(1));
    expect(took).toBeLessThan(2_500);
    const summary = (await listActivePacks(services())).find((p) => p.id === pack.id);
    expect(summary?.spinCount).toBe(1);
  });

  it("audit finds a lost or double-counted opening", async () => {
    const pack = await createTestPack(services(), { price: "1.00" });
    await database().sql.query(`INSERT INTO spin_tally ("packId") VALUES ($1)`, [pack.id]);
    const report = await auditInvariants(services());
    expect(report.breaches.filter((b) => b.detail.packId === pack.id)).toHaveLength(1);
    await database().sql.query(`DELETE FROM spin_tally WHERE "packId" = $1`, [pack.id]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  "caches kept honest by the database's notifications (another writer, another connection)",
  () => {
    it("a pack deactivated or given new odds by any writer is seen within a second", async () => {
      const pack = await createTestPack(services(), { price: "1.00" });
      const detail = await getPackDetail(services(), pack.slug); // cached now
      // Written over a separate connection, as another instance or the admin CLI would: no local announcement.
      await database().sql.query(`UPDATE pack SET name = 'Renamed' WHERE id = $1`, [pack.id]);
      await within(1_000, async () => expect((await getPackDetail(services(), pack.slug)).name).toBe("Renamed"));
      await database().sql.query(`UPDATE pack SET active = false WHERE id = $1`, [pack.id]);
      await within(1_000, () => expectAppError(getPackDetail(services(), pack.slug), "NOT_FOUND").then(() => undefined));
      expect(detail.name).not.toBe("Renamed");
    });

    it("a key revoked, or an account banned, by any writer is refused within a second", async () => {
      const { principals } = services();
      const revoked = await createTestUser(services());
      const banned = await createTestUser(services());
      expect((await principals.authenticate(revoked.apiKey)).userId).toBe(revoked.userId); // cached now
      expect((await principals.authenticate(banned.apiKey)).userId).toBe(banned.userId);
      await database().sql.query(`UPDATE api_key SET "revokedAt" = now() WHERE "hashedKey" = $1`, [hashApiKey(revoked.apiKey)]);
      await database().sql.query(`UPDATE "user" SET banned = true WHERE id = $1`, [banned.userId]);
      await within(1_000, () => expectAppError(principals.authenticate(revoked.apiKey), "UNAUTHORIZED").then(() => undefined));
      await within(1_000, () => expectAppError(principals.authenticate(banned.apiKey), "FORBIDDEN").then(() => undefined));
    });

    it("keeps the promise while its listening connection is killed: deaf, it trusts nothing for long", async () => {
      if (!isPostgres()) return;
      const { principals, feed } = services();
      const user = await createTestUser(services());
      await principals.authenticate(user.apiKey);
      await database().sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`,
      );
      await within(1_000, async () => expect(feed.live).toBe(false));
      await database().sql.query(`UPDATE api_key SET "revokedAt" = now() WHERE "hashedKey" = $1`, [hashApiKey(user.apiKey)]);
      await within(1_000, () => expectAppError(principals.authenticate(user.apiKey), "UNAUTHORIZED").then(() => undefined));
      await within(10_000, async () => expect(feed.live).toBe(true));
    });
  },
);

describe.skipIf(!process.env.DATABASE_URL)("one listening connection for the change feed and the event hub", () => {
  const listeningConnections = async () => {
    const [row] = await database().sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query ~ '^(UN)?LISTEN '`,
    );
    return row!.count;
  };

  it("serves both channels; killed, it tells the change feed everything may have changed, and events still arrive", async () => {
    const db = database().prisma;
    const runtime = services();
    const hub = await runtime.events();
    await within(10_000, async () => expect(runtime.feed.live).toBe(true));
    expect(await listeningConnections()).toBe(1);

    const user = await createTestUser(services());
    const woken: Array<AccountEvent | null> = [];
    const unwatch = hub.watchAccount(user.userId, (event) => woken.push(event));
    const changes: Change[] = [];
    runtime.feed.subscribe((change) => changes.push(change));

    await database().sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ~ '^(UN)?LISTEN ' AND datname = current_database()`,
    );
    await within(1_000, async () => expect(runtime.feed.live).toBe(false));
    await within(10_000, async () => expect(runtime.feed.live).toBe(true));
    expect(changes).toContainEqual({ kind: "everything" });
    expect(await listeningConnections()).toBe(1);

    // Both channels are heard again on the new connection (events are read from the outbox, announced or not).
    await db.$transaction((tx) =>
      recordAccountEvent(tx, user.userId, "wallet.changed", walletChange(new Money("1.00"), new Money("1.00"), "DEPOSIT")),
    );
    await within(1_000, async () => expect(woken.some((event) => event?.type === "wallet.changed")).toBe(true));
    await database().sql.query(`UPDATE "user" SET banned = true WHERE id = $1`, [user.userId]);
    await within(1_000, async () => expect(changes).toContainEqual({ kind: "user", userId: user.userId }));
    unwatch();
  });

  it("listens on a channel subscribed later over the same connection, and stops hearing it once its last subscriber leaves", async () => {
    // The feed's connection is up: useTestServices opened it.
    const heard: string[] = [];
    const told: string[] = [];
    const stop = await database().listen("prizepacks_test", {
      onMessage: (payload) => heard.push(payload),
      onListening: () => told.push("listening"),
      onLost: () => told.push("lost"),
    });
    expect(told).toEqual(["listening"]);
    expect(await listeningConnections()).toBe(1);
    await database().sql.query(`SELECT pg_notify('prizepacks_test', 'one')`);
    await within(1_000, async () => expect(heard).toEqual(["one"]));
    await stop();
    await database().sql.query(`SELECT pg_notify('prizepacks_test', 'two')`);
    await sleep(200);
    expect(heard).toEqual(["one"]);
    expect(await listeningConnections()).toBe(1); // the feed still listens
  });
});
