import { playBattle } from "@prizepacks/fairness";
import { newId } from "@prizepacks/db/ids";
import { logger } from "@prizepacks/db/log";
import { Prisma } from "@prizepacks/db/prisma";
import { BeaconUnavailableError, type BeaconRound } from "./beacon/beacon.ts";
import { formatMoney } from "../money.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Services } from "../runtime/services.ts";
import { loadBattle, recordBattleEvent } from "./battle-view.ts";
import { startPeriodic } from "../runtime/periodic.ts";

export type SettleOutcome = "settled" | "waiting" | "taken";

/**
 * Settles a locked battle once its beacon round R is there, in one transaction: every draw, the
 * winner, the winners' inventory items, the house share, status settled (which reveals S).
 * The round comes from services.beacon, which returns only rounds verified against the chain's
 * key (null while R does not exist; BeaconUnavailableError when no relay answers: the battle
 * stays locked and the next pass tries again; rounds are permanent).
 *
 * Exactly once across instances: the battle row is claimed FOR UPDATE SKIP LOCKED with
 * status = 'locked' in the same statement, so a second settler either skips the row while the
 * first holds it or, after its commit, no longer finds it locked.
 */
export async function settleBattle(services: Services, battleId: string, round?: BeaconRound): Promise<SettleOutcome> {
  const { sql } = services.database;
  const [pending] = await sql.query<{ beaconRound: number }>(`SELECT "beaconRound" FROM battle WHERE id = $1 AND status = 'locked'`, [
    battleId,
  ]);
  if (!pending) return "taken";
  const verified = round ?? (await services.beacon.fetchRound(pending.beaconRound));
  if (!verified) return "waiting";
  if (verified.round !== pending.beaconRound) throw new Error(`beacon answered round ${verified.round} for ${pending.beaconRound}`);
  return sql.transaction(async (tx) => {
    const [claimed] = await tx.query<{ id: string }>(`SELECT id FROM battle WHERE id = $1 AND status = 'locked' FOR UPDATE SKIP LOCKED`, [
      battleId,
    ]);
    if (!claimed) return "taken";
    const loaded = (await loadBattle(tx, battleId))!;
    const { battle, rounds, seats } = loaded;
    const outcome = await playBattle({
      serverSeed: battle.serverSeed,
      specHash: battle.specHash,
      layout: battle.layout,
      winRule: battle.winRule,
      terminal: battle.terminal,
      clientSeeds: seats.map((seat) => seat.clientSeed),
      beaconRound: verified.round,
      beaconRandomness: verified.randomness,
      rounds: rounds.map((row) => row.odds),
    });
    const ownerOfSeat = new Map(seats.map((seat) => [seat.seat, seat.userId]));
    let paidToPlayers = new Prisma.Decimal(0);
    for (const payout of outcome.payouts) {
      const userId = ownerOfSeat.get(payout.seat);
      // A house bot's share is not paid out: the house keeps it (counted in houseShare).
      if (!userId) continue;
      for (const item of payout.items) {
        await tx.query(
          `INSERT INTO inventory_item (id, "userId", "itemId", value, "battleId", "battleRound", "battleSeat")
           VALUES ($1, $2, $3, $4::numeric, $5, $6, $7)`,
          [newId(), userId, item.itemId, item.value, battleId, item.round, item.seat],
        );
        paidToPlayers = paidToPlayers.add(item.value);
      }
    }
    const players = seats.filter((seat) => seat.userId !== null).length;
    const houseShare = new Prisma.Decimal(battle.entry).mul(players).sub(paidToPlayers);
    await tx.query(
      `UPDATE battle SET status = 'settled', "settledAt" = now(), "beaconRandomness" = $2, "beaconSignature" = $3,
         "winnerTeam" = $4, outcome = $5::jsonb, "houseShare" = $6::numeric
       WHERE id = $1 AND status = 'locked'`,
      [battleId, verified.randomness, verified.signature, outcome.winnerTeam, JSON.stringify(outcome), formatMoney(houseShare)],
    );
    await recordBattleEvent(tx, (await loadBattle(tx, battleId))!, "battle.settled");
    return "settled";
  });
}

/** One settler pass: every locked battle whose beacon round exists at `nowMs`, oldest lock first. */
export async function settleDueBattles(services: Services, { limit = 20, nowMs = Date.now() } = {}): Promise<number> {
  const due = await services.database.sql.query<{ id: string }>(
    `SELECT id FROM battle WHERE status = 'locked' AND "beaconRound" <= $1 ORDER BY "lockedAt" LIMIT $2`,
    [services.beacon.roundAt(nowMs), limit],
  );
  let settled = 0;
  for (const { id } of due) {
    try {
      if ((await settleBattle(services, id)) === "settled") settled++;
    } catch (error) {
      if (!(error instanceof BeaconUnavailableError)) throw error;
      logger("battles").warn({ battleId: id }, "beacon unavailable; the battle stays locked and is tried again");
      break;
    }
  }
  return settled;
}

/** The settler (every second) as a background job. */
export function startBattleSettlement(services: Services): BackgroundJob {
  return startPeriodic(services, {
    log: "battles",
    failure: "battle settlement pass failed",
    everyMs: 1_000,
    pass: () => settleDueBattles(services),
  });
}
