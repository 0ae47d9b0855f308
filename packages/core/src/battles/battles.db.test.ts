import { setTimeout as sleep } from "node:timers/promises";
import { verifyBattle, type BattleProof } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { logger } from "@prizepacks/db/log";
import { describe, expect, it, vi } from "vitest";
import { auditInvariants } from "../audit/audit.ts";
import { getMonthlyStatement } from "../statements/statements.ts";
import { getExclusion, setExclusion } from "../protection/exclusions.ts";
import { beaconRelayFailures, beaconRelaysFailing } from "../runtime/metrics.ts";
import type { Services } from "../server/services.ts";
import type { Battle } from "../contract/battles.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { rowsFilteredOut, type PlanNode } from "../testing/query-plans.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { BEACON_AHEAD_MS, withBeaconAhead } from "../testing/battles.ts";
import { startDrandStandin, type DrandStandin } from "../testing/drand-standin.ts";
import { roundTimeMs } from "./beacon/beacon-clock.ts";
import { DrandBeacon } from "./beacon/drand-beacon.ts";
import { createBattle } from "./create-battle.ts";
import { battlesByIds, getBattle, listBattles } from "./get-battle.ts";
import { addBattleBots, joinBattle } from "./join-battle.ts";
import { cancelExpiredBattles, leaveBattle } from "./leave-battle.ts";
import { settleBattle, settleDueBattles, startBattleSettlement } from "./settle-battles.ts";

const shared = useTestServices();

/** The test's Services with a beacon ahead (withBeaconAhead): a locked battle settles on the next pass. */
let ahead: Services | undefined;
const settleDue = async () => settleDueBattles(await services(), { nowMs: Date.now() + BEACON_AHEAD_MS });
async function services(): Promise<Services> {
  return (ahead ??= await withBeaconAhead(shared()));
}

async function pack(price = "3.00") {
  return createTestPack(shared(), { price });
}

const balance = async (userId: string) => (await getBalance(shared(), userId)).toFixed(2);

async function expectClean() {
  expect((await auditInvariants(shared(), { demoMode: true })).breaches).toEqual([]);
}

function proofOf(battle: Battle): BattleProof {
  return battle as unknown as BattleProof;
}

describe("a battle, from creation to settlement", () => {
  it("debits each seat's entry, locks on the last seat, settles once with a proof that verifies, and pays the winners in items", async () => {
    const s = await services();
    const [a, b] = [await pack("3.00"), await pack("2.00")];
    const alice = await createTestUser(shared(), { balance: "20.00" });
    const bob = await createTestUser(shared(), { balance: "20.00" });
    const created = await createBattle(s, alice.userId, {
      packs: [a.slug, b.id, a.slug],
      layout: "1v1",
      winRule: "highest",
      clientSeed: "alice",
    });
    expect(created).toMatchObject({
      status: "open",
      entry: "8.00",
      serverSeed: null,
      seats: [{ seat: 0, team: 0, clientSeed: "alice", you: true }],
    });
    expect(JSON.parse(created.spec)).toMatchObject({ id: created.id, layout: "1v1", commitment: created.commitment });
    expect(await balance(alice.userId)).toBe("12.00");

    const joined = await joinBattle(s, bob.userId, created.id, { clientSeed: "bob" });
    expect(joined).toMatchObject({ status: "locked", serverSeed: null, beacon: { kind: "local", randomness: null } });
    expect(joined.lockKey).toMatch(/^[0-9a-f]{64}$/);
    expect(joined.beacon.round).toBe(s.beacon.roundAt(Date.parse(joined.lockedAt!)) + 2);
    expect(await balance(bob.userId)).toBe("12.00");
    await expectAppError(joinBattle(s, (await createTestUser(shared(), { balance: "20.00" })).userId, created.id, {}), "CONFLICT");
    await expectAppError(leaveBattle(s, bob.userId, created.id), "CONFLICT");

    expect(await settleDue()).toBeGreaterThanOrEqual(1);
    const settled = await getBattle(s, null, created.id);
    expect(settled.status).toBe("settled");
    expect(settled.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const verification = await verifyBattle(
      proofOf(settled),
      settled.rounds.map((round) => round.odds),
    );
    expect(verification.problems).toEqual([]);
    // Each player's battle.settled carries the battle exactly as GET shows it to an outsider.
    const events = await shared().database.sql.query<{ userId: string; data: unknown }>(
      `SELECT "userId", data FROM account_event WHERE type = 'battle.settled' AND data->>'id' = $1 ORDER BY "userId"`,
      [created.id],
    );
    expect(events.map((event) => event.userId)).toEqual([alice.userId, bob.userId].sort());
    for (const event of events) expect(event.data).toEqual(JSON.parse(JSON.stringify(settled)));

    const winner = settled.seats.find((seat) => seat.team === settled.winnerTeam)!;
    const winnerId = winner.clientSeed === "alice" ? alice.userId : bob.userId;
    const items = await shared().database.prisma.inventoryItem.findMany({ where: { battleId: created.id } });
    expect(items).toHaveLength(6);
    expect(new Set(items.map((item) => item.userId))).toEqual(new Set([winnerId]));
    expect(await settleBattle(s, created.id)).toBe("taken");
    expect((await getMonthlyStatement(shared(), alice.userId)).battles).toBe("8.00");
    await expectClean();
  });

  it("fills with house bots; a bot team's winnings stay with the house", async () => {
    const s = await services();
    const p = await pack("1.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug], layout: "2v2", winRule: "lowest", terminal: true });
    const other = await createTestUser(shared(), { balance: "10.00" });
    await expectAppError(addBattleBots(s, other.userId, created.id), "FORBIDDEN");
    const locked = await addBattleBots(s, alice.userId, created.id);
    expect(locked.status).toBe("locked");
    expect(locked.seats.map((seat) => [seat.seat, seat.bot, seat.clientSeed])).toEqual([
      [0, false, created.seats[0]!.clientSeed],
      [1, true, "bot-1"],
      [2, true, "bot-2"],
      [3, true, "bot-3"],
    ]);
    await settleDue();
    const settled = await getBattle(s, alice.userId, created.id);
    expect(settled.status).toBe("settled");
    const items = await shared().database.prisma.inventoryItem.findMany({ where: { battleId: created.id } });
    // Alice's team (seats 0, 1) wins: her greedy share is hers, bot-1's the house's. Bots' team: all the house's.
    if (settled.winnerTeam === 1) expect(items).toEqual([]);
    else expect(items.every((item) => item.userId === alice.userId && item.battleSeat !== null)).toBe(true);
    await expectClean();
  });
});

describe("listing", () => {
  it("lists only the battles the caller has a seat in for player=me", async () => {
    const s = await services();
    const a = await pack("1.00");
    const alice = await createTestUser(shared(), { balance: "20.00" });
    const bob = await createTestUser(shared(), { balance: "20.00" });
    const hers = await createBattle(s, alice.userId, { packs: [a.slug], layout: "1v1", winRule: "highest" });
    const joined = await createBattle(s, bob.userId, { packs: [a.slug], layout: "1v1", winRule: "lowest" });
    await joinBattle(s, alice.userId, joined.id, {});
    const notHers = await createBattle(s, bob.userId, { packs: [a.slug], layout: "1v1", winRule: "highest" });
    const mine = await listBattles(s, alice.userId, { player: "me" });
    expect(mine.map((battle) => battle.id).sort()).toEqual([hers.id, joined.id].sort());
    expect((await listBattles(s, alice.userId, { player: "me", status: "open" })).map((battle) => battle.id)).toEqual([hers.id]);
    expect((await listBattles(s, alice.userId, {})).map((battle) => battle.id)).toContain(notHers.id);
    await expectAppError(listBattles(s, alice.userId, { player: "someone" }), "BAD_REQUEST");
  });

  it("loads a page of battles in a fixed number of queries, each as getBattle shows it", async () => {
    const s = await services();
    const [a, b] = [await pack("1.00"), await pack("2.00")];
    const alice = await createTestUser(shared(), { balance: "40.00" });
    const bob = await createTestUser(shared(), { balance: "40.00" });
    const open = await createBattle(s, alice.userId, { packs: [a.slug, b.slug], layout: "1v1", winRule: "highest", clientSeed: "a" });
    const settled = await createBattle(s, bob.userId, { packs: [b.slug], layout: "1v1", winRule: "lowest" });
    await joinBattle(s, alice.userId, settled.id, { clientSeed: "b" });
    const withBots = await createBattle(s, alice.userId, { packs: [a.slug, a.slug, b.slug], layout: "2v2", winRule: "highest" });
    await addBattleBots(s, alice.userId, withBots.id);
    await settleDue();
    const ids = [withBots.id, open.id, "no-such-battle", settled.id];

    let queries = 0;
    const counted: Services = {
      ...s,
      database: { ...s.database, sql: { ...s.database.sql, query: (text, params) => (queries++, s.database.sql.query(text, params)) } },
    };
    for (const viewer of [alice.userId, bob.userId, null]) {
      const perBattle = await Promise.all([withBots.id, open.id, settled.id].map((id) => getBattle(s, viewer, id)));
      queries = 0;
      expect(await battlesByIds(counted, viewer, ids)).toEqual(perBattle);
      expect(queries).toBe(3);
    }
    expect((await battlesByIds(s, null, ids)).map((battle) => battle.status)).toEqual(["settled", "open", "settled"]);
    expect(await battlesByIds(s, null, [])).toEqual([]);
    queries = 0;
    const page = await listBattles(counted, alice.userId, {});
    expect(page.length).toBeGreaterThanOrEqual(3);
    expect(queries).toBe(4);
  });
});

describe("the lobby's query", () => {
  // Statements are prepared, and PostgreSQL may settle on the generic plan, made without the
  // status asked for: that plan must still find the open battles through the status index.
  it("finds the open battles through their index in the generic plan, among 20,000 others", async () => {
    const s = await services();
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const open = await createBattle(s, alice.userId, { packs: [(await pack("1.00")).slug], layout: "1v1", winRule: "highest" });
    const sent: Array<{ text: string; params: unknown[] }> = [];
    const capturing: Services = {
      ...s,
      database: {
        ...s.database,
        sql: {
          ...s.database.sql,
          query: (text, params) => (sent.push({ text, params: params ?? [] }), s.database.sql.query(text, params)),
        },
      },
    };
    await listBattles(capturing, null, { status: "open" });
    const lobby = sent[0]!;
    await shared().database.sql.withConnection(async (connection) => {
      let prepared = false;
      await connection.exec("BEGIN");
      try {
        await connection.query(
          `INSERT INTO battle (id, "creatorId", layout, "winRule", terminal, status, entry, "serverSeed", commitment, spec, "specHash", "beaconKind", "cancelledAt")
           SELECT 'bulk-' || g, "creatorId", layout, "winRule", terminal, 'cancelled', entry, "serverSeed", commitment, spec, "specHash", "beaconKind", now()
             FROM battle, generate_series(1, 20000) g WHERE id = $1`,
          [open.id],
        );
        await connection.query(`ANALYZE battle`);
        await connection.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
        await connection.query(`PREPARE lobby AS ${lobby.text}`);
        prepared = true;
        const args = lobby.params.map((param) => `'${String(param)}'`).join(", ");
        const [row] = await connection.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE lobby${args ? `(${args})` : ""}`,
        );
        expect(rowsFilteredOut(row!["QUERY PLAN"][0]!.Plan)).toBeLessThan(1_000);
        const found = await connection.query<{ id: string }>(`EXECUTE lobby${args ? `(${args})` : ""}`);
        expect(found.map((battle) => battle.id)).toContain(open.id);
      } finally {
        await connection.exec("ROLLBACK");
        // PREPARE outlives the transaction; the connection goes back to the pool.
        if (prepared) await connection.exec("DEALLOCATE lobby");
      }
    });
  });
});

describe("Idempotency-Key", () => {
  it("replays a creation or a join sent twice, and refuses the key for another request (409)", async () => {
    const s = await services();
    const p = await pack("1.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const bob = await createTestUser(shared(), { balance: "10.00" });
    const input = { packs: [p.slug], layout: "1v1", winRule: "highest" };
    const created = await createBattle(s, alice.userId, input, { idempotencyKey: "create-1" });
    expect(await createBattle(s, alice.userId, input, { idempotencyKey: "create-1" })).toEqual(created);
    expect(await balance(alice.userId)).toBe("9.00");
    await expectAppError(joinBattle(s, alice.userId, created.id, {}, { idempotencyKey: "create-1" }), "CONFLICT");
    const joined = await joinBattle(s, bob.userId, created.id, {}, { idempotencyKey: "create-1" });
    expect(await joinBattle(s, bob.userId, created.id, {}, { idempotencyKey: "create-1" })).toEqual(joined);
    expect(await balance(bob.userId)).toBe("9.00");
    await expectAppError(createBattle(s, alice.userId, input, { idempotencyKey: "not a key" }), "BAD_REQUEST");
  });
});

describe("the audit", () => {
  it("reports a settled battle whose books or stored outcome no longer match its proof", async () => {
    const s = await services();
    const p = await pack("1.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    await addBattleBots(s, alice.userId, created.id);
    await settleDue();
    const sql = shared().database.sql;
    const rules = async () => (await auditInvariants(shared(), { demoMode: true })).breaches.map((breach) => breach.rule);
    await sql.query(`UPDATE battle SET "houseShare" = "houseShare" + 1 WHERE id = $1`, [created.id]);
    expect(await rules()).toEqual(["every battle's entries, refunds, payouts and house share balance"]);
    await sql.query(`UPDATE battle SET "houseShare" = "houseShare" - 1, "winnerTeam" = 1 - "winnerTeam" WHERE id = $1`, [created.id]);
    expect(await rules()).toEqual(["every settled battle re-derives from its published proof"]);
    await sql.query(`UPDATE battle SET "winnerTeam" = 1 - "winnerTeam" WHERE id = $1`, [created.id]);
    await expectClean();
  });
});

describe("leaving and cancelling", () => {
  it("refunds a player who leaves; the creator leaving cancels and refunds every seat", async () => {
    const s = await services();
    const p = await pack("2.00");
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createTestUser(shared(), { balance: "10.00" })));
    const created = await createBattle(s, alice!.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    await joinBattle(s, bob!.userId, created.id, { seat: 2 });
    await expectAppError(joinBattle(s, carol!.userId, created.id, { seat: 2 }), "CONFLICT");
    expect(await balance(carol!.userId)).toBe("10.00");
    const afterLeave = await leaveBattle(s, bob!.userId, created.id);
    expect(afterLeave.seats.map((seat) => seat.seat)).toEqual([0]);
    expect(await balance(bob!.userId)).toBe("10.00");
    await joinBattle(s, carol!.userId, created.id, { seat: 1 });
    const cancelled = await leaveBattle(s, alice!.userId, created.id);
    expect(cancelled.status).toBe("cancelled");
    expect([await balance(alice!.userId), await balance(carol!.userId)]).toEqual(["10.00", "10.00"]);
    await expectAppError(joinBattle(s, bob!.userId, created.id, {}), "CONFLICT");
    await expectClean();
  });

  it("cancels battles left open for 30 minutes and refunds them", async () => {
    const s = await services();
    const p = await pack("2.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug, p.slug], layout: "1v1", winRule: "highest" });
    await shared().database.sql.query(`UPDATE battle SET "createdAt" = now() - interval '31 minutes' WHERE id = $1`, [created.id]);
    expect(await cancelExpiredBattles(s)).toBeGreaterThanOrEqual(1);
    expect((await getBattle(s, null, created.id)).status).toBe("cancelled");
    expect(await balance(alice.userId)).toBe("10.00");
    await expectClean();
  });
});

describe("refusals", () => {
  it("400 for a short balance, 403 for an excluded player, 404 for an unknown pack or battle; nothing debited", async () => {
    const s = await services();
    const p = await pack("5.00");
    const poor = await createTestUser(shared(), { balance: "4.00" });
    await expectAppError(createBattle(s, poor.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" }), "INSUFFICIENT_BALANCE");
    const excluded = await createTestUser(shared(), { balance: "50.00" });
    await setExclusion(shared(), excluded.userId, { period: "24h" }, { player: true });
    await expectAppError(createBattle(s, excluded.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" }), "EXCLUDED");
    await expectAppError(createBattle(s, poor.userId, { packs: ["no-such-pack"], layout: "1v1", winRule: "highest" }), "NOT_FOUND");
    await expectAppError(joinBattle(s, poor.userId, "no-such-battle", {}), "NOT_FOUND");
    expect([await balance(poor.userId), await balance(excluded.userId)]).toEqual(["4.00", "50.00"]);
    expect(await shared().database.prisma.battle.count({ where: { creatorId: { in: [poor.userId, excluded.userId] } } })).toBe(0);
  });
});

describe("player protection", () => {
  /**
   * An exclusion that began while the battle was open without cancelling it: one set before
   * exclusions cancelled battles, or whose player's join committed while setExclusion waited.
   */
  async function excludeInSql(userId: string, kind: "timeout" | "self_exclusion") {
    await shared().database.sql.query(
      `INSERT INTO player_exclusion (id, "userId", kind, period, "endsAt", "setBy")
       VALUES ($1, $2, $3, $4, now() + interval '24 hours', 'player')`,
      [`excl-${userId}`, userId, kind, kind === "timeout" ? "24h" : "6m"],
    );
  }

  it("a battle created before a time-out cannot be filled with house bots during it: 403 EXCLUDED, nothing changed", async () => {
    const s = await services();
    const p = await pack("1.25");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug, p.slug], layout: "1v1v1", winRule: "highest" });
    await excludeInSql(alice.userId, "timeout");
    const refused = await expectAppError(addBattleBots(s, alice.userId, created.id), "EXCLUDED");
    expect(refused.details).toMatchObject({ protection: { kind: "timeout", period: "24h" } });
    const after = await getBattle(s, alice.userId, created.id);
    expect([after.status, after.seats.length]).toEqual(["open", 1]);
    expect(await balance(alice.userId)).toBe("7.50");
    await expectClean();
  });

  it("a time-out cancels the player's open battles and refunds every seat to the cent; a locked one plays out", async () => {
    const s = await services();
    const p = await pack("1.37");
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createTestUser(shared(), { balance: "10.00" })));
    const own = await createBattle(s, alice!.userId, { packs: [p.slug, p.slug], layout: "1v1v1", winRule: "highest" });
    await joinBattle(s, bob!.userId, own.id, {});
    const bobs = await createBattle(s, bob!.userId, { packs: [p.slug], layout: "2v2", winRule: "lowest" });
    await joinBattle(s, alice!.userId, bobs.id, {});
    await joinBattle(s, carol!.userId, bobs.id, {});
    const locked = await addBattleBots(
      s,
      alice!.userId,
      (await createBattle(s, alice!.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" })).id,
    );
    const carols = await createBattle(s, carol!.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    // alice 10 - 2.74 - 1.37 - 1.37; bob 10 - 2.74 - 1.37; carol 10 - 1.37 - 1.37
    expect([await balance(alice!.userId), await balance(bob!.userId), await balance(carol!.userId)]).toEqual(["4.52", "5.89", "7.26"]);

    await setExclusion(shared(), alice!.userId, { period: "24h" }, { player: true });
    expect((await getBattle(s, null, own.id)).status).toBe("cancelled");
    expect((await getBattle(s, null, bobs.id)).status).toBe("cancelled");
    expect((await getBattle(s, null, locked.id)).status).toBe("locked");
    expect((await getBattle(s, null, carols.id)).status).toBe("open");
    await expectAppError(addBattleBots(s, alice!.userId, own.id), "CONFLICT");
    // Every entry of the cancelled battles back, nothing else: the locked battle's 1.37 and carol's own battle stay paid.
    expect([await balance(alice!.userId), await balance(bob!.userId), await balance(carol!.userId)]).toEqual(["8.63", "10.00", "8.63"]);
    const events = await shared().database.sql.query<{ userId: string; id: string }>(
      `SELECT "userId", data->>'id' AS id FROM account_event WHERE type = 'battle.cancelled' AND data->>'id' = ANY($1::text[]) ORDER BY 2, 1`,
      [[own.id, bobs.id]],
    );
    expect(events).toEqual(
      [
        ...[alice!.userId, bob!.userId].sort().map((userId) => ({ userId, id: own.id })),
        ...[alice!.userId, bob!.userId, carol!.userId].sort().map((userId) => ({ userId, id: bobs.id })),
      ].sort((x, y) => (x.id === y.id ? 0 : x.id < y.id ? -1 : 1)),
    );
    await settleDue();
    expect((await getBattle(s, null, locked.id)).status).toBe("settled");
    await expectClean();
  });

  it("during a self-exclusion: the player's join and bots refused (403), and nobody starts a battle they sit in (409); nothing debited", async () => {
    const s = await services();
    const p = await pack("2.00");
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createTestUser(shared(), { balance: "10.00" })));
    const own = await createBattle(s, alice!.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    const bobs = await createBattle(s, bob!.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    await joinBattle(s, alice!.userId, bobs.id, {});
    const carols = await createBattle(s, carol!.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    await excludeInSql(alice!.userId, "self_exclusion");

    await expectAppError(joinBattle(s, alice!.userId, carols.id, {}), "EXCLUDED");
    await expectAppError(addBattleBots(s, alice!.userId, own.id), "EXCLUDED");
    // Bob and carol hear only that the battle cannot start, not why (alice's protection is hers).
    const byBots = await expectAppError(addBattleBots(s, bob!.userId, bobs.id), "CONFLICT");
    const byJoin = await expectAppError(joinBattle(s, carol!.userId, bobs.id, {}), "CONFLICT");
    for (const error of [byBots, byJoin]) expect([error.message, error.details]).toEqual([expect.stringContaining("cannot start"), {}]);
    expect((await getBattle(s, null, bobs.id)).seats).toHaveLength(2);
    expect([await balance(alice!.userId), await balance(bob!.userId), await balance(carol!.userId)]).toEqual(["6.00", "8.00", "8.00"]);
    await expectClean();
  });
});

/** Until another session of this test's database (or `sessions` of them) waits for a lock (a row's or an advisory one). */
async function untilAnotherWaitsForALock(session: SqlQuery, sessions = 1): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const [row] = await session.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row!.n >= sessions) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("nobody waited for the lock this session holds");
}

describe("concurrency", () => {
  it("20 accounts racing for the last seat: one gets it, the others are refused and pay nothing", async () => {
    const s = await services();
    const p = await pack("2.00");
    const creator = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, creator.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    const racers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(shared(), { balance: "5.00" })));
    const results = await Promise.allSettled(racers.map((racer) => joinBattle(s, racer.userId, created.id, {})));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as { code?: string }).code).toBe("CONFLICT");
    }
    const balances = await Promise.all(racers.map((racer) => balance(racer.userId)));
    expect(balances.filter((value) => value === "3.00")).toHaveLength(1);
    expect(balances.filter((value) => value === "5.00")).toHaveLength(19);
    await expectClean();
  });

  it("a join waits for a settlement sharing its players instead of deadlocking with it", async () => {
    const s = await services();
    const { sql } = shared().database;
    if (shared().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const p = await pack("1.00");
    const users = [await createTestUser(shared(), { balance: "10.00" }), await createTestUser(shared(), { balance: "10.00" })];
    // Every battle transaction takes event locks in id order: `first` before `second`.
    const [first, second] = users.map((user) => user.userId).sort() as [string, string];
    const created = await createBattle(s, first, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    // A settlement of another battle with both players, as it records their events: first's
    // lock taken, second's next. The joiner (second) records its own debit before the battle's
    // event for both: without its locks taken in that order up front, it would hold second's
    // while waiting for first's, and the settlement would wait for second's: a deadlock.
    let join: Promise<Battle> | undefined;
    await sql.transaction(async (settlement) => {
      await settlement.query(`SELECT record_account_event($1, 'battle.settled', '{}'::jsonb)`, [first]);
      join = joinBattle(s, second, created.id, {});
      join.catch(() => undefined);
      // Until the join waits for a lock (first's event lock, which the settlement holds).
      await untilAnotherWaitsForALock(settlement);
      await settlement.query(`SELECT record_account_event($1, 'battle.settled', '{}'::jsonb)`, [second]);
    });
    expect((await join!).seats.map((seat) => seat.seat)).toEqual([0, 1]);
    await expectClean();
  });

  it("a cancellation waits for an opening of one of its players instead of deadlocking with it", async () => {
    const s = await services();
    const { sql } = shared().database;
    if (shared().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const p = await pack("1.00");
    const creator = await createTestUser(shared(), { balance: "10.00" });
    const player = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, creator.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    await joinBattle(s, player.userId, created.id, {});
    // An opening of the player's, as open_pack runs it: the wallet row locked, its event lock
    // next. The creator's leaving cancels the battle and refunds both: it must wait for the
    // wallet before it takes the player's event lock, not hold that lock while it waits.
    let leave: Promise<Battle> | undefined;
    await sql.transaction(async (opening) => {
      await opening.query(`UPDATE wallet SET "updatedAt" = now() WHERE "userId" = $1`, [player.userId]);
      leave = leaveBattle(s, creator.userId, created.id);
      leave.catch(() => undefined);
      await untilAnotherWaitsForALock(opening);
      await opening.query(`SELECT record_account_event($1, 'wallet.changed', '{}'::jsonb)`, [player.userId]);
    });
    expect((await leave!).status).toBe("cancelled");
    expect(await balance(player.userId)).toBe("10.00");
    await expectClean();
  });

  it("a time-out waits for its player leaving a battle instead of deadlocking with it, and leaves the others' battle open", async () => {
    const s = await services();
    const { sql } = shared().database;
    if (shared().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const p = await pack("1.00");
    const creator = await createTestUser(shared(), { balance: "10.00" });
    const player = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, creator.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    await joinBattle(s, player.userId, created.id, {});
    // The player leaving, as leaveBattle runs it: the battle row locked, the player's wallet
    // next (the refund), then the seat deleted. The time-out must wait for the row before it
    // takes that wallet, not hold the wallet while it waits for the row; and once the leave
    // commits, the battle is no longer the player's: it stays open for the others.
    let timeout: Promise<unknown> | undefined;
    await sql.transaction(async (leave) => {
      await leave.query(`SELECT 1 AS locked FROM battle WHERE id = $1 FOR UPDATE`, [created.id]);
      timeout = setExclusion(shared(), player.userId, { period: "24h" }, { player: true });
      timeout.catch(() => undefined);
      await untilAnotherWaitsForALock(leave);
      await leave.query(
        `SELECT 1 AS refunded FROM battle_entry_refund(p_user => $1, p_amount => 1.00, p_battle => $2, p_ledger_entry => $3)`,
        [player.userId, created.id, newId()],
      );
      await leave.query(`DELETE FROM battle_seat WHERE "battleId" = $1 AND "userId" = $2`, [created.id, player.userId]);
    });
    await timeout;
    const battle = await getBattle(s, creator.userId, created.id);
    expect(battle.status).toBe("open");
    expect(battle.seats.map((seat) => seat.you)).toEqual([true]);
    expect([await balance(creator.userId), await balance(player.userId)]).toEqual(["9.00", "10.00"]);
    await expectClean();
  });

  /** joinBattle's steps up to the debit, in the caller's transaction: the battle row locked, the seat taken, the wallet locked. */
  async function takeSeatByHand(join: SqlQuery, battle: Battle, creatorId: string, userId: string): Promise<void> {
    await join.query(`SELECT 1 AS locked FROM battle WHERE id = $1 FOR UPDATE`, [battle.id]);
    await join.query(`INSERT INTO battle_seat ("battleId", seat, "userId", "clientSeed") VALUES ($1, 1, $2, 'seed')`, [battle.id, userId]);
    await join.query(`SELECT 1 AS locked FROM lock_accounts($1::text[], $2::text[])`, [[userId], [creatorId, userId].sort()]);
  }
  async function debitByHand(join: SqlQuery, battle: Battle, userId: string): Promise<void> {
    await join.query(
      `SELECT 1 AS debited FROM battle_entry_debit(p_user => $1, p_amount => $2::numeric, p_battle => $3, p_ledger_entry => $4)`,
      [userId, battle.entry, battle.id, newId()],
    );
  }

  it("a time-out cancels a battle its player joined while it waited for their wallet", async () => {
    const s = await services();
    const { sql } = shared().database;
    if (shared().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const p = await pack("1.00");
    const creator = await createTestUser(shared(), { balance: "10.00" });
    const player = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, creator.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    // The player joining; the time-out starts once the join holds the wallet, finds no open
    // battle of the player's (the seat is not committed) and waits; the join debits and commits.
    let timeout: Promise<unknown> | undefined;
    await sql.transaction(async (join) => {
      await takeSeatByHand(join, created, creator.userId, player.userId);
      timeout = setExclusion(shared(), player.userId, { period: "24h" }, { player: true });
      timeout.catch(() => undefined);
      await untilAnotherWaitsForALock(join);
      await debitByHand(join, created, player.userId);
    });
    await timeout;
    expect((await getBattle(s, null, created.id)).status).toBe("cancelled");
    expect([await balance(creator.userId), await balance(player.userId)]).toEqual(["10.00", "10.00"]);
    await expectClean();
  });

  it("a time-out missing a join of its player's twice in a row answers 503 with Retry-After and sets nothing", async () => {
    const s = await services();
    const { sql } = shared().database;
    if (shared().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const p = await pack("1.00");
    const [creator, other, player] = [
      await createTestUser(shared(), { balance: "10.00" }),
      await createTestUser(shared(), { balance: "10.00" }),
      await createTestUser(shared(), { balance: "10.00" }),
    ];
    const first = await createBattle(s, creator.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    const second = await createBattle(s, other.userId, { packs: [p.slug], layout: "1v1v1", winRule: "highest" });
    // A join holds the wallet while the time-out's first run waits for it; a second join queues
    // behind, takes the wallet when the first run starts over and holds it while the second run
    // waits: each run finds a battle that its first statement did not.
    let timeout: Promise<unknown> | undefined;
    let secondJoin: Promise<void> | undefined;
    await sql.transaction(async (join) => {
      await takeSeatByHand(join, first, creator.userId, player.userId);
      timeout = setExclusion(shared(), player.userId, { period: "24h" }, { player: true });
      timeout.catch(() => undefined);
      await untilAnotherWaitsForALock(join);
      secondJoin = sql.transaction(async (again) => {
        await takeSeatByHand(again, second, other.userId, player.userId);
        await untilAnotherWaitsForALock(again);
        await debitByHand(again, second, player.userId);
      });
      await untilAnotherWaitsForALock(join, 2);
      await debitByHand(join, first, player.userId);
    });
    await secondJoin;
    const refused = await expectAppError(timeout!, "UNAVAILABLE");
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(await getExclusion(shared().database.prisma, player.userId)).toBeNull();
    expect([(await getBattle(s, null, first.id)).status, (await getBattle(s, null, second.id)).status]).toEqual(["open", "open"]);
    // Asked again, it cancels both.
    await setExclusion(shared(), player.userId, { period: "24h" }, { player: true });
    expect([(await getBattle(s, null, first.id)).status, (await getBattle(s, null, second.id)).status]).toEqual(["cancelled", "cancelled"]);
    expect([await balance(creator.userId), await balance(other.userId), await balance(player.userId)]).toEqual(["10.00", "10.00", "10.00"]);
    await expectClean();
  });

  it("two settlers settle a battle exactly once", async () => {
    const s = await services();
    const p = await pack("2.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug, p.slug], layout: "1v1v1", winRule: "highest" });
    await addBattleBots(s, alice.userId, created.id);
    const outcomes = await Promise.all([settleBattle(s, created.id), settleBattle(s, created.id)]);
    expect(outcomes.filter((outcome) => outcome === "settled")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "taken")).toHaveLength(1);
    await expectClean();
  });
});

describe("the settler", () => {
  it("settles every due battle in one pass, more than a page of them, fetching each beacon round once", async () => {
    const s = await services();
    const p = await pack("1.00");
    const alice = await createTestUser(shared(), { balance: "100.00" });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const created = await createBattle(s, alice.userId, { packs: [p.slug, p.slug], layout: "2v2", winRule: "highest" });
      await addBattleBots(s, alice.userId, created.id);
      ids.push(created.id);
    }
    const [locked] = await shared().database.sql.query<{ rounds: number }>(
      `SELECT count(DISTINCT "beaconRound")::int AS rounds FROM battle WHERE status = 'locked'`,
    );
    let fetches = 0;
    const beacon = Object.assign(Object.create(s.beacon) as Services["beacon"], {
      fetchRound: (round: number) => (fetches++, s.beacon.fetchRound(round)),
    });
    expect(await settleDueBattles({ ...s, beacon }, { nowMs: Date.now() + BEACON_AHEAD_MS })).toBeGreaterThanOrEqual(25);
    const battles = await Promise.all(ids.map((id) => getBattle(s, alice.userId, id)));
    expect(battles.every((battle) => battle.status === "settled")).toBe(true);
    expect(fetches).toBeLessThanOrEqual(locked!.rounds);
    for (const battle of battles) {
      const proof = await verifyBattle(
        proofOf(battle),
        battle.rounds.map((round) => round.odds),
      );
      expect(proof.problems).toEqual([]);
    }
    await expectClean();
  });
});

describe("the beacon", () => {
  /** A locked 1v1 against a house bot, on Services whose beacon is drand (a stand-in relay) with the clock a minute ahead. */
  async function lockedOnRelay() {
    const relay = await startDrandStandin({ now: () => Date.now() + BEACON_AHEAD_MS });
    const s: Services = {
      ...shared(),
      beacon: new DrandBeacon({ urls: [relay.url], chain: relay.chain, now: () => Date.now() + BEACON_AHEAD_MS }),
    };
    const p = await pack("2.00");
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [p.slug], layout: "1v1", winRule: "highest" });
    expect(JSON.parse(created.spec)).toMatchObject({ beacon: { chainHash: relay.chain.chainHash, period: relay.chain.period } });
    const locked = await addBattleBots(s, alice.userId, created.id);
    return { relay, s, locked };
  }
  const settleOn = (s: Services) => settleDueBattles(s, { nowMs: Date.now() + BEACON_AHEAD_MS });

  it("unreachable at lock: the battle stays locked, and settles once the relay answers again", async () => {
    const { relay, s, locked } = await lockedOnRelay();
    try {
      await relay.down("refuse");
      await settleOn(s);
      expect((await getBattle(s, null, locked.id)).status).toBe("locked");
      await relay.up();
      await settleOn(s);
      const settled = await getBattle(s, null, locked.id);
      expect(settled).toMatchObject({ status: "settled", beacon: { kind: "drand", round: locked.beacon.round } });
      expect(
        (
          await verifyBattle(
            proofOf(settled),
            settled.rounds.map((round) => round.odds),
          )
        ).problems,
      ).toEqual([]);
      await expectClean();
    } finally {
      await relay.close();
    }
  });

  it("refuses a forged beacon signature: the battle stays locked and its server seed secret", async () => {
    const { relay, s, locked } = await lockedOnRelay();
    try {
      relay.forge(locked.beacon.round!);
      await settleOn(s);
      const still = await getBattle(s, null, locked.id);
      expect(still).toMatchObject({ status: "locked", serverSeed: null });
      await expectClean();
    } finally {
      await relay.close();
    }
  });

  /** Services whose beacon is drand over `relays` (in that order), all of `chainOf`'s chain, the clock a minute ahead. */
  function onRelays(relays: DrandStandin[], chainOf: DrandStandin): Services {
    const beacon = new DrandBeacon({
      urls: relays.map((relay) => relay.url),
      chain: chainOf.chain,
      now: () => Date.now() + BEACON_AHEAD_MS,
    });
    return { ...shared(), beacon };
  }
  const aheadRelay = (options: { relayOf?: DrandStandin; period?: number } = {}) =>
    startDrandStandin({ ...options, now: () => Date.now() + BEACON_AHEAD_MS });
  const roundRequests = (relay: DrandStandin) => relay.requests.filter((request) => request.includes("/public/")).length;
  async function failuresCounted(relay: DrandStandin, reason: string): Promise<number> {
    const counted = (await beaconRelayFailures.get()).values.find(
      (value) => value.labels.relay === relay.url && value.labels.reason === reason,
    );
    return counted?.value ?? 0;
  }
  /** A locked 1v1 against a house bot on `s`. */
  async function lockOn(s: Services, packSlug: string) {
    const alice = await createTestUser(shared(), { balance: "10.00" });
    const created = await createBattle(s, alice.userId, { packs: [packSlug], layout: "1v1", winRule: "highest" });
    return addBattleBots(s, alice.userId, created.id);
  }
  /** Every line the beacon and the settler log, kept here instead of written. */
  function watchLogs() {
    const lines: string[] = [];
    const spies = ["beacon", "battles"].flatMap((component) =>
      (["info", "warn", "error"] as const).map((level) =>
        vi
          .spyOn(logger(component), level)
          .mockImplementation((...args: unknown[]) => void lines.push(`${component} ${level} ${JSON.stringify(args)}`)),
      ),
    );
    return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
  }

  it("a relay serving unverifiable rounds before a good one: the battle settles from the good one; the bad one is logged once and counted", async () => {
    // 1 s rounds: the settler job goes by the real clock, and the round locked on (current + 2) is due within 3 s.
    const good = await aheadRelay({ period: 1 });
    const bad = await aheadRelay({ relayOf: good });
    bad.forge();
    const s = onRelays([bad, good], good);
    const locked = await lockOn(s, (await pack("2.00")).slug);
    const logs = watchLogs();
    const job = startBattleSettlement(s);
    try {
      for (let waited = 0; (await getBattle(s, null, locked.id)).status !== "settled"; waited += 100) {
        expect(waited, "settled from the good relay").toBeLessThan(30_000);
        await sleep(100);
      }
      await job.stop();
      // Asked first for each due round (other tests' battles locked on this file's database count too), unless backing off.
      expect(roundRequests(bad)).toBeGreaterThanOrEqual(1);
      expect(roundRequests(bad)).toBeLessThanOrEqual(4);
      expect(await failuresCounted(bad, "unverifiable")).toBe(roundRequests(bad));
      // One line saying the relay is failing and why; before, an error and a warning for every try.
      expect(logs.lines).toHaveLength(1);
      expect(logs.lines[0]).toContain("beacon warn");
      expect(logs.lines[0]).toContain(bad.url);
      expect(logs.lines[0]).toContain('"reason":"unverifiable"');
      await expectClean();
    } finally {
      logs.restore();
      await job.stop();
      await Promise.all([good.close(), bad.close()]);
    }
  });

  it("only a relay serving unverifiable rounds: the battle stays locked, the settler waits out the backoff, and the log does not grow per try", async () => {
    // 1 s rounds: the settler job goes by the real clock, and the round locked on (current + 2) is due within 3 s.
    const bad = await aheadRelay({ period: 1 });
    bad.forge();
    const s = onRelays([bad], bad);
    const locked = await lockOn(s, (await pack("2.00")).slug);
    await sleep(roundTimeMs(bad.chain, locked.beacon.round!) - Date.now());
    const logs = watchLogs();
    const job = startBattleSettlement(s);
    try {
      // 24 ticks of the settler; before the backoff each pass asked the relay and wrote three lines.
      await sleep(6_000);
      await job.stop();
      expect(await getBattle(s, null, locked.id)).toMatchObject({ status: "locked", serverSeed: null });
      // Tries 0.25, 0.5, 1, 2 s apart, then 4 s (each up to a fifth sooner, and later by the tries themselves).
      expect(roundRequests(bad)).toBeGreaterThanOrEqual(3);
      expect(roundRequests(bad)).toBeLessThanOrEqual(6);
      expect(await failuresCounted(bad, "unverifiable")).toBe(roundRequests(bad));
      expect((await beaconRelaysFailing.get()).values[0]?.value).toBe(1);
      // The one line when it started failing, and nothing for every try since, nor for the stop.
      expect(logs.lines).toHaveLength(1);
      expect(logs.lines[0]).toContain("beacon warn");
      await expectClean();
    } finally {
      logs.restore();
      await job.stop();
      await bad.close();
    }
  });
});
