import { battleLockKey, generateClientSeed } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { protectionErrorFromDatabase, protectionRefusalError, type ProtectionRefusal } from "../protection/protection-refusal.ts";
import type { Deps } from "../runtime/deps.ts";
import type { Beacon } from "./beacon/beacon.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { inLockOrder, loadBattle, playerIds, recordBattleEvent, seatTotal, type LoadedBattle } from "./battle-view.ts";

/**
 * Debits a seat's entry under the wallet lock (battle_entry_debit pays through paid_play, as
 * open_pack does: age, exclusions and limits checked there, so the refusal and the debit see the
 * same rows).
 */
export async function debitEntry(tx: SqlQuery, userId: string, battleId: string, entry: string): Promise<void> {
  const [row] = await tx
    .query<{ balanceAfter: string | null }>(
      `SELECT battle_entry_debit(p_user => $1, p_amount => $2::numeric, p_battle => $3, p_ledger_entry => $4)::text AS "balanceAfter"`,
      [userId, entry, battleId, newId()],
    )
    .catch((error: unknown) => {
      throw protectionErrorFromDatabase(error) ?? error;
    });
  if (!row?.balanceAfter) {
    const [wallet] = await tx.query<{ balance: string }>(`SELECT balance::text AS balance FROM wallet WHERE "userId" = $1`, [userId]);
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      `Insufficient balance: a seat costs ${displayMoney(entry)}, the wallet holds ${displayMoney(formatMoney(wallet?.balance ?? "0"))}.`,
    );
  }
}

export function clientSeedOrRandom(clientSeed: string | undefined): string {
  return clientSeed ?? generateClientSeed();
}

/** Refuses any change but a seat's to a battle that is not open (409). */
export function assertOpen(loaded: LoadedBattle): void {
  const { status } = loaded.battle;
  if (status !== "open") throw new AppError("CONFLICT", `The battle is ${status}: seats can no longer change.`);
}

/**
 * Refuses to start a battle's play while one of its players may not play: the question every
 * seat's debit asks (paid_play_refusal), for nothing more, so a time-out or self-exclusion begun
 * since they paid, or an age unconfirmed, refuses (a limit only if lowered below what already
 * counts). The caller holds every player's wallet lock (lockAccounts), as a debit does. The
 * viewer hears their own refusal, the 403 an opening gives; another player's reason is theirs
 * alone, so for them the viewer hears only that the battle cannot start now (409).
 */
async function assertPlayersMayPlay(tx: SqlQuery, loaded: LoadedBattle, viewerId: string): Promise<void> {
  const refused = await tx.query<{ userId: string; refusal: string }>(
    `SELECT u.id AS "userId", r.refusal::text AS refusal FROM unnest($1::text[]) AS u(id), paid_play_refusal(u.id, 0) AS r(refusal)
     WHERE r.refusal IS NOT NULL`,
    [inLockOrder(playerIds(loaded))],
  );
  const own = refused.find((row) => row.userId === viewerId);
  if (own) throw protectionRefusalError(JSON.parse(own.refusal) as ProtectionRefusal);
  if (refused.length > 0) {
    throw new AppError(
      "CONFLICT",
      "A player in this battle cannot play now, so it cannot start; left open, it is cancelled and refunded when it expires.",
    );
  }
}

/**
 * Locks the battle once its last seat is taken, in the seat's transaction (the battle row is
 * locked, and every player's wallet: assertPlayersMayPlay): K from every seat's client seed,
 * R = the beacon round current now plus 2, so R's randomness does not exist yet when K and R
 * are announced (battle.locked).
 */
export async function lockIfFull(
  services: Deps & { beacon: Beacon },
  tx: SqlQuery,
  battleId: string,
  viewerId: string,
): Promise<LoadedBattle> {
  const loaded = (await loadBattle(tx, battleId))!;
  if (loaded.seats.length < seatTotal(loaded.battle.layout)) return loaded;
  await assertPlayersMayPlay(tx, loaded, viewerId);
  const lockKey = await battleLockKey(
    loaded.battle.specHash,
    loaded.seats.map((seat) => seat.clientSeed),
  );
  const beaconRound = services.beacon.roundAt(Date.now()) + 2;
  await tx.query(`UPDATE battle SET status = 'locked', "lockKey" = $2, "beaconRound" = $3, "lockedAt" = now() WHERE id = $1`, [
    battleId,
    lockKey,
    beaconRound,
  ]);
  const locked = (await loadBattle(tx, battleId))!;
  await recordBattleEvent(tx, locked, "battle.locked");
  return locked;
}
