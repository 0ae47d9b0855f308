import { botClientSeed } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import type { Beacon } from "./beacon/beacon.ts";
import { JoinBattleInputSchema } from "../contract/battles.ts";
import type { Battle } from "../contract/battles.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer } from "../idempotency-key.ts";
import { assertOpen, clientSeedOrRandom, debitEntry, lockIfFull } from "./battle-seats.ts";
import { battleView, loadBattleOrThrow, lockAccounts, playerIds, recordBattleEvent, seatTotal, type LoadedBattle } from "./battle-view.ts";

function freeSeats({ battle, seats }: LoadedBattle): number[] {
  const taken = new Set(seats.map((seat) => seat.seat));
  return Array.from({ length: seatTotal(battle.layout) }, (_, seat) => seat).filter((seat) => !taken.has(seat));
}

/**
 * Takes a seat (the one asked for, or the first free) with the entry debited, in one
 * transaction that first locks the battle row: of any number of players racing for the last
 * seat exactly one gets it, the others see it taken (409) and pay nothing. The last seat locks
 * the battle (lockIfFull).
 */
export async function joinBattle(
  services: Deps & { beacon: Beacon },
  userId: string,
  battleId: string,
  input: unknown,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<Battle> {
  const { seat: askedSeat, clientSeed } = parseInputOrThrow(JoinBattleInputSchema, input);
  assertIdempotencyKey(idempotencyKey);
  const { sql } = services.database;
  const keyed = idempotencyKey ? { userId, key: idempotencyKey, target: `battle:${battleId}:join` } : null;
  if (keyed) {
    const replay = await findReplay<Battle>(sql, keyed);
    if (replay) return replay;
  }
  return sql.transaction(async (tx) => {
    if (keyed) {
      const replay = await claimKey<Battle>(tx, keyed);
      if (replay) return replay;
    }
    const loaded = await loadBattleOrThrow(tx, battleId, { forUpdate: true });
    assertOpen(loaded);
    if (loaded.seats.some((seat) => seat.userId === userId)) throw new AppError("CONFLICT", "You already have a seat in this battle.");
    const free = freeSeats(loaded);
    if (askedSeat !== undefined && askedSeat >= seatTotal(loaded.battle.layout)) {
      throw new AppError("BAD_REQUEST", `seat: a ${loaded.battle.layout} battle has seats 0 to ${seatTotal(loaded.battle.layout) - 1}.`);
    }
    const seat = askedSeat ?? free[0];
    if (seat === undefined || !free.includes(seat))
      throw new AppError("CONFLICT", seat === undefined ? "The battle is full." : `Seat ${seat} is taken.`);
    await tx.query(`INSERT INTO battle_seat ("battleId", seat, "userId", "clientSeed") VALUES ($1, $2, $3, $4)`, [
      battleId,
      seat,
      userId,
      clientSeedOrRandom(clientSeed),
    ]);
    // The last seat starts the battle's play, which every player's paid-play check must allow
    // (lockIfFull): their wallets are locked here, before any event lock, as a cancellation's.
    const starts = free.length === 1;
    await lockAccounts(tx, { wallets: starts ? [...playerIds(loaded), userId] : [userId], events: [...playerIds(loaded), userId] });
    await debitEntry(tx, userId, battleId, loaded.battle.entry);
    const answer = await afterSeatsChanged(services, tx, battleId, userId);
    if (keyed) await storeAnswer(tx, keyed, answer);
    return answer;
  });
}

/**
 * The creator fills every empty seat with house bots (client seed bot-<seat>; the house pays
 * no entry and keeps what a bot wins), which locks the battle and so starts its play: refused,
 * with nothing changed, while a player may not play (lockIfFull, under their wallet locks).
 */
export async function addBattleBots(services: Deps & { beacon: Beacon }, userId: string, battleId: string): Promise<Battle> {
  return services.database.sql.transaction(async (tx) => {
    const loaded = await loadBattleOrThrow(tx, battleId, { forUpdate: true });
    if (loaded.battle.creatorId !== userId) throw new AppError("FORBIDDEN", "Only the battle's creator can add house bots.");
    assertOpen(loaded);
    await lockAccounts(tx, { wallets: playerIds(loaded), events: playerIds(loaded) });
    for (const seat of freeSeats(loaded)) {
      await tx.query(`INSERT INTO battle_seat ("battleId", seat, "userId", "clientSeed") VALUES ($1, $2, NULL, $3)`, [
        battleId,
        seat,
        botClientSeed(seat),
      ]);
    }
    return afterSeatsChanged(services, tx, battleId, userId);
  });
}

async function afterSeatsChanged(services: Deps & { beacon: Beacon }, tx: SqlQuery, battleId: string, viewerId: string): Promise<Battle> {
  const loaded = await lockIfFull(services, tx, battleId, viewerId);
  if (loaded.battle.status === "open") await recordBattleEvent(tx, loaded, "battle.joined");
  return battleView(loaded, viewerId);
}
