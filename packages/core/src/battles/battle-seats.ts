import { battleLockKey, generateClientSeed } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { protectionErrorFromDatabase } from "../protection/protection-refusal.ts";
import type { Services } from "../runtime/services.ts";
import { displayMoney } from "../shared/money-cents.ts";
import { loadBattle, recordBattleEvent, seatTotal, type LoadedBattle } from "./battle-view.ts";

/**
 * Debits a seat's entry under the wallet lock (battle_entry_debit: age, exclusions and limits
 * checked there, as open_pack does, so the refusal and the debit see the same rows).
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
 * Locks the battle once its last seat is taken, in the seat's transaction (the battle row is
 * locked): K from every seat's client seed, R = the beacon round current now plus 2, so R's
 * randomness does not exist yet when K and R are announced (battle.locked).
 */
export async function lockIfFull(services: Services, tx: SqlQuery, battleId: string): Promise<LoadedBattle> {
  const loaded = (await loadBattle(tx, battleId))!;
  if (loaded.seats.length < seatTotal(loaded.battle.layout)) return loaded;
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
