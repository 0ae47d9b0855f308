import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { AppError } from "../errors.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Deps } from "../runtime/deps.ts";
import { BATTLE_OPEN_MINUTES } from "../contract/battles.ts";
import type { Battle } from "../contract/battles.ts";
import { assertOpen } from "./battle-seats.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import {
  battleView,
  loadBattle,
  loadBattleOrThrow,
  loadBattles,
  lockAccounts,
  playerIds,
  recordBattleEvent,
  type LoadedBattle,
} from "./battle-view.ts";

async function refundSeat(tx: SqlQuery, userId: string, loaded: LoadedBattle): Promise<void> {
  await tx.query(`SELECT battle_entry_refund(p_user => $1, p_amount => $2::numeric, p_battle => $3, p_ledger_entry => $4)`, [
    userId,
    loaded.battle.entry,
    loaded.battle.id,
    newId(),
  ]);
}

/** Cancels an open battle (its row locked by the caller) and refunds every player's entry; seats stay as they were. */
async function cancelLocked(tx: SqlQuery, loaded: LoadedBattle): Promise<LoadedBattle> {
  await lockAccounts(tx, { wallets: playerIds(loaded), events: playerIds(loaded) });
  for (const userId of playerIds(loaded)) await refundSeat(tx, userId, loaded);
  await tx.query(`UPDATE battle SET status = 'cancelled', "cancelledAt" = now() WHERE id = $1 AND status = 'open'`, [loaded.battle.id]);
  const cancelled = (await loadBattle(tx, loaded.battle.id))!;
  await recordBattleEvent(tx, cancelled, "battle.cancelled");
  return cancelled;
}

/** A seat of the player's committed while lockOpenBattlesOf waited for their wallet: run the transaction again. */
export class OpenBattlesChanged extends Error {
  constructor() {
    super("the player took a seat while their open battles were being locked");
  }
}

/**
 * A time-out or self-exclusion starting (setExclusion, in its transaction): locks `userId`'s
 * open battles, then the wallets and event locks of everyone their cancellation refunds, in the
 * order every battle path takes them (battle rows, then wallets, then event locks, each in id
 * order); `userId`'s wallet is locked whether or not a battle is open. Returns the function that
 * cancels them and refunds every seat (battle.cancelled to each player and the lobby), to run
 * once the exclusion is written. A battle already locked is not among them: its play started
 * before the exclusion and it settles as it is. A join (or creation) of the player's that commits
 * while this waits for their wallet is seen once the wallet is ours: OpenBattlesChanged, and the
 * caller's transaction starts again (every join after the wallet lock waits and is refused).
 */
export async function lockOpenBattlesOf(tx: SqlQuery, userId: string): Promise<() => Promise<void>> {
  const rows = await tx.query<{ id: string }>(
    `SELECT b.id FROM battle b
     WHERE b.status = 'open' AND EXISTS (SELECT 1 FROM battle_seat s WHERE s."battleId" = b.id AND s."userId" = $1)
     ORDER BY b.id FOR UPDATE OF b`,
    [userId],
  );
  // Waiting for a row, the FOR UPDATE re-checks only the battle row once it is free; the seat
  // comes from the statement's snapshot. A player who left while this waited still counts there,
  // so what it found is read again (a new snapshot, the rows ours now): cancelling a battle they
  // left would refund everyone else's for nothing.
  const battles = (
    await loadBattles(
      tx,
      rows.map((row) => row.id),
    )
  ).filter((loaded) => loaded.battle.status === "open" && playerIds(loaded).includes(userId));
  const players = battles.flatMap(playerIds);
  await lockAccounts(tx, { wallets: [userId, ...players], events: players });
  // A seat taken after the first statement's snapshot, its join holding the wallet this waited
  // for: its battle's row would now be locked after the wallet, against every battle path's
  // order (a deadlock with a join waiting for a wallet we hold), so the transaction starts over.
  const [missed] = await tx.query<{ id: string }>(
    `SELECT b.id FROM battle b
     WHERE b.status = 'open' AND EXISTS (SELECT 1 FROM battle_seat s WHERE s."battleId" = b.id AND s."userId" = $1)
       AND b.id <> ALL ($2::text[])
     LIMIT 1`,
    [userId, battles.map((loaded) => loaded.battle.id)],
  );
  if (missed) throw new OpenBattlesChanged();
  return async () => {
    for (const loaded of battles) await cancelLocked(tx, loaded);
  };
}

/**
 * Leaves an open battle. The creator leaving cancels it and refunds every seat; anyone else
 * gets their entry back and frees the seat. After lock nobody leaves (409).
 */
export async function leaveBattle(services: Deps, userId: string, battleId: string): Promise<Battle> {
  return services.database.sql.transaction(async (tx) => {
    const loaded = await loadBattleOrThrow(tx, battleId, { forUpdate: true });
    if (!loaded.seats.some((seat) => seat.userId === userId)) throw new AppError("NOT_FOUND", "You have no seat in this battle.");
    assertOpen(loaded);
    if (loaded.battle.creatorId === userId) return battleView(await cancelLocked(tx, loaded), userId);
    await refundSeat(tx, userId, loaded);
    await tx.query(`DELETE FROM battle_seat WHERE "battleId" = $1 AND "userId" = $2`, [battleId, userId]);
    const left = (await loadBattle(tx, battleId))!;
    await recordBattleEvent(tx, left, "battle.cancelled", [userId]);
    return battleView(left, userId);
  });
}

/**
 * Cancels battles left open for BATTLE_OPEN_MINUTES, one transaction each. Claimed with SKIP
 * LOCKED and re-checked under the row lock, so instances share the work and a battle whose last
 * seat is being taken right now is either locked by that join or cancelled here, never both.
 */
export async function cancelExpiredBattles(services: Deps, { limit = 20 } = {}): Promise<number> {
  let cancelled = 0;
  for (let i = 0; i < limit; i++) {
    const done = await services.database.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `SELECT id FROM battle WHERE status = 'open' AND "createdAt" < now() - make_interval(mins => $1::int)
         ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [BATTLE_OPEN_MINUTES],
      );
      if (!row) return false;
      await cancelLocked(tx, (await loadBattle(tx, row.id))!);
      return true;
    });
    if (!done) break;
    cancelled++;
  }
  return cancelled;
}

export function startBattleExpiry(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "battles",
    failure: "battle expiry pass failed",
    everyMs: 30_000,
    pass: () => cancelExpiredBattles(services),
  });
}
