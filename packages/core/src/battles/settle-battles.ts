import { playBattle, verifyBattle, type BattleProof } from "@prizepacks/fairness";
import { nodeHashes } from "@prizepacks/fairness/node";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { BeaconUnavailableError, type Beacon, type BeaconRound } from "./beacon/beacon.ts";
import { formatMoney } from "../money.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Deps } from "../runtime/deps.ts";
import { battleView, loadBattle, recordBattleEvent, type LoadedBattle } from "./battle-view.ts";
import { assertVerifiedBeforePaid } from "../transparency/self-check.ts";
import { startPeriodic } from "../runtime/periodic.ts";

/** A settler draws from the beacon and wakes the streams of the accounts it paid. */
type SettleDeps = Deps & { beacon: Beacon; announceEvents: () => void };

export type SettleOutcome = "settled" | "waiting" | "taken";

/**
 * Settles a locked battle once its beacon round R is there, in one transaction: every draw, the
 * winner, the winners' inventory items, the house share, status settled (which reveals S).
 * The round comes from services.beacon, which returns only rounds verified against the chain's
 * key (null while R does not exist; BeaconUnavailableError when no relay answers: the battle
 * stays locked and the next pass tries again; rounds are permanent). The settler passes the
 * round it fetched once for all the battles on it.
 *
 * Exactly once across instances: the battle row is claimed FOR UPDATE SKIP LOCKED with
 * status = 'locked' in the same statement, so a second settler either skips the row while the
 * first holds it or, after its commit, no longer finds it locked.
 *
 * Eight statements with BEGIN and COMMIT (a pack opening is one): the settled battle the
 * event carries is built from what the transaction wrote, not read back.
 */
export async function settleBattle(services: SettleDeps, battleId: string, round?: BeaconRound): Promise<SettleOutcome> {
  const { sql } = services.database;
  let verified = round;
  if (!verified) {
    const [pending] = await sql.query<{ beaconRound: number }>(`SELECT "beaconRound" FROM battle WHERE id = $1 AND status = 'locked'`, [
      battleId,
    ]);
    if (!pending) return "taken";
    const fetched = await services.beacon.fetchRound(pending.beaconRound);
    if (!fetched) return "waiting";
    verified = fetched;
  }
  const result = await sql.transaction(async (tx): Promise<SettleOutcome> => {
    const loaded = await loadBattle(tx, battleId, { claimLocked: true });
    if (!loaded) return "taken";
    const { battle, rounds, seats } = loaded;
    if (verified.round !== battle.beaconRound) throw new Error(`beacon answered round ${verified.round} for ${battle.beaconRound}`);
    const outcome = await playBattle(
      {
        serverSeed: battle.serverSeed,
        specHash: battle.specHash,
        layout: battle.layout,
        winRule: battle.winRule,
        terminal: battle.terminal,
        clientSeeds: seats.map((seat) => seat.clientSeed),
        beaconRound: verified.round,
        beaconRandomness: verified.randomness,
        rounds: rounds.map((row) => row.odds),
      },
      nodeHashes,
    );
    const ownerOfSeat = new Map(seats.map((seat) => [seat.seat, seat.userId]));
    let paidToPlayers = new Prisma.Decimal(0);
    const won: Array<{ userId: string; itemId: string; value: string; round: number; seat: number }> = [];
    for (const payout of outcome.payouts) {
      const userId = ownerOfSeat.get(payout.seat);
      // A house bot's share is not paid out: the house keeps it (counted in houseShare).
      if (!userId) continue;
      for (const item of payout.items) {
        won.push({ userId, itemId: item.itemId, value: item.value, round: item.round, seat: item.seat });
        paidToPlayers = paidToPlayers.add(item.value);
      }
    }
    // Every item won in one statement: a 4-seat, 10-round battle pays up to 40.
    await tx.query(
      `INSERT INTO inventory_item (id, "userId", "itemId", value, "battleId", "battleRound", "battleSeat")
       SELECT id, "userId", "itemId", value, $6, round, seat
         FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::int[], $7::int[]) AS won(id, "userId", "itemId", value, round, seat)`,
      [
        won.map(() => newId()),
        won.map((item) => item.userId),
        won.map((item) => item.itemId),
        won.map((item) => item.value),
        won.map((item) => item.round),
        battleId,
        won.map((item) => item.seat),
      ],
    );
    const players = seats.filter((seat) => seat.userId !== null).length;
    const houseShare = new Prisma.Decimal(battle.entry).mul(players).sub(paidToPlayers);
    const [updated] = await tx.query<{ settledAt: Date }>(
      `UPDATE battle SET status = 'settled', "settledAt" = now(), "beaconRandomness" = $2, "beaconSignature" = $3,
         "winnerTeam" = $4, outcome = $5::jsonb, "houseShare" = $6::numeric
       WHERE id = $1 AND status = 'locked' RETURNING "settledAt"`,
      [battleId, verified.randomness, verified.signature, outcome.winnerTeam, JSON.stringify(outcome), formatMoney(houseShare)],
    );
    const settled: LoadedBattle = {
      ...loaded,
      battle: {
        ...battle,
        status: "settled",
        settledAt: updated!.settledAt,
        beaconRandomness: verified.randomness,
        beaconSignature: verified.signature,
        winnerTeam: outcome.winnerTeam,
        outcome,
      },
    };
    // Checked before paid: the published proof, as its GET will show it, re-derived by battle/v1's
    // verifier (the browser's, Web Crypto) before the items and the settlement commit; a refusal
    // rolls the settlement back and the battle stays locked (the settler tries again, alerting).
    const view = battleView(settled, null);
    const proof = { ...view, beacon: { round: view.beacon.round, randomness: view.beacon.randomness, signature: view.beacon.signature } };
    await assertVerifiedBeforePaid(
      "battle",
      { battleId },
      verifyBattle(
        proof as BattleProof,
        view.rounds.map((round) => round.odds),
      ).then((verification) => verification.problems),
    );
    await recordBattleEvent(tx, settled, "battle.settled");
    return "settled";
  });
  // The reveal every seat is watching for: on its page now, not at the next poll.
  if (result === "settled") services.announceEvents();
  return result;
}

/** Battles settled side by side by one settler: each is a transaction of its own, mostly waiting on the database. */
const SETTLE_CONCURRENCY = 4;

/**
 * One settler pass: every locked battle whose beacon round exists at `nowMs`, oldest lock first,
 * `limit` at a time until none is left. Each round is fetched and verified once per pass (a
 * BLS verification costs milliseconds; a hundred battles usually share one round), one round
 * at a time: when the beacon is unavailable the first fetch says so and the pass stops there,
 * rather than asking the failing relays once per round. The beacon logs its relays' failures
 * (once each when they start) and, while all of them back off, makes the fetch wait for the
 * first to come out of it, so a settler of a failing beacon waits instead of asking every pass.
 * `signal` ends that wait: the pass returns what it settled.
 */
export async function settleDueBattles(
  services: SettleDeps,
  { limit = 20, nowMs = Date.now(), signal }: { limit?: number; nowMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const rounds = new Map<number, BeaconRound | null>();
  let settled = 0;
  for (;;) {
    const due = await services.database.sql.query<{ id: string; beaconRound: number }>(
      `SELECT id, "beaconRound" FROM battle WHERE status = 'locked' AND "beaconRound" <= $1 ORDER BY "lockedAt" LIMIT $2`,
      [services.beacon.roundAt(nowMs), limit],
    );
    let unavailable = false;
    for (const { beaconRound } of due) {
      if (rounds.has(beaconRound)) continue;
      try {
        rounds.set(beaconRound, await services.beacon.fetchRound(beaconRound, signal));
      } catch (error) {
        if (!(error instanceof BeaconUnavailableError) && !signal?.aborted) throw error;
        unavailable = true;
        break;
      }
    }
    let settledNow = 0;
    await inTurns(due, SETTLE_CONCURRENCY, async ({ id, beaconRound }) => {
      const verified = rounds.get(beaconRound);
      if (verified && (await settleBattle(services, id, verified)) === "settled") settledNow++;
    });
    settled += settledNow;
    // A full page that settled nothing is waiting on its rounds (or taken by another instance): the next pass.
    if (unavailable || due.length < limit || settledNow === 0) return settled;
  }
}

/** Runs `work` on every item, at most `concurrency` at once; the first error rejects once all have stopped. */
async function inTurns<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  const results = await Promise.allSettled(workers);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * The settler as a background job, four times a second: a battle settles within about a quarter
 * second of its round (the pass itself is one indexed query when nothing is due).
 */
export function startBattleSettlement(services: SettleDeps): BackgroundJob {
  return startPeriodic(services, {
    log: "battles",
    failure: "battle settlement pass failed",
    everyMs: 250,
    pass: (stopping) => settleDueBattles(services, { signal: stopping }),
  });
}
