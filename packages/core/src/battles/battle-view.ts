import { BATTLE_LAYOUTS, teamOfSeat, type BattleLayout, type BattleOutcome, type ValuedTicketRange } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { maskPlayerName } from "../events/drops.ts";
import type { BattleStatus, Battle } from "../contract/battles.ts";

interface BattleRow extends Record<string, unknown> {
  id: string;
  creatorId: string;
  layout: BattleLayout;
  winRule: "highest" | "lowest";
  terminal: boolean;
  status: BattleStatus;
  entry: string;
  serverSeed: string;
  commitment: string;
  spec: string;
  specHash: string;
  beaconKind: "drand" | "local";
  lockKey: string | null;
  beaconRound: number | null;
  beaconRandomness: string | null;
  beaconSignature: string | null;
  winnerTeam: number | null;
  outcome: BattleOutcome | null;
  createdAt: Date;
  lockedAt: Date | null;
  settledAt: Date | null;
  cancelledAt: Date | null;
}

export interface BattleRoundRow extends Record<string, unknown> {
  round: number;
  packId: string;
  oddsVersion: number;
  oddsHash: string;
  price: string;
  odds: ValuedTicketRange[];
}

export interface BattleSeatRow extends Record<string, unknown> {
  seat: number;
  userId: string | null;
  clientSeed: string;
  name: string | null;
}

export const BATTLE_COLUMNS = `b.id, b."creatorId", b.layout, b."winRule", b.terminal, b.status, b.entry::text AS entry, b."serverSeed",
  b.commitment, b.spec, b."specHash", b."beaconKind", b."lockKey", b."beaconRound", b."beaconRandomness", b."beaconSignature",
  b."winnerTeam", b.outcome, b."createdAt", b."lockedAt", b."settledAt", b."cancelledAt"`;

export interface LoadedBattle {
  battle: BattleRow;
  rounds: BattleRoundRow[];
  seats: BattleSeatRow[];
}

interface LoadOptions {
  /** Lock the battle row first: every change to a battle takes it. */
  forUpdate?: boolean;
  /** Only a locked battle, its row claimed for settlement, none if another transaction holds it. */
  claimLocked?: boolean;
}

const LOCKING: Record<"none" | "forUpdate" | "claimLocked", string> = {
  none: "",
  forUpdate: " FOR UPDATE",
  claimLocked: " AND b.status = 'locked' FOR UPDATE SKIP LOCKED",
};

/** The battle, its rounds and its taken seats. */
export async function loadBattle(q: SqlQuery, battleId: string, options: LoadOptions = {}): Promise<LoadedBattle | null> {
  const [loaded] = await loadBattles(q, [battleId], options);
  return loaded ?? null;
}

/** The battles of `battleIds` that exist, in that order, in three queries however many they are. */
export async function loadBattles(q: SqlQuery, battleIds: readonly string[], options: LoadOptions = {}): Promise<LoadedBattle[]> {
  if (battleIds.length === 0) return [];
  const ids = [...battleIds];
  const locking = LOCKING[options.claimLocked ? "claimLocked" : options.forUpdate ? "forUpdate" : "none"];
  const battles = await q.query<BattleRow>(`SELECT ${BATTLE_COLUMNS} FROM battle b WHERE b.id = ANY($1::text[])${locking}`, [ids]);
  if (battles.length === 0) return [];
  const found = battles.map((battle) => battle.id);
  const rounds = await q.query<BattleRoundRow & { battleId: string }>(
    `SELECT r."battleId", r.round, r."packId", o.version AS "oddsVersion", o."oddsHash", r.price::text AS price, r.odds
     FROM battle_round r JOIN odds_version o ON o.id = r."oddsVersionId" WHERE r."battleId" = ANY($1::text[]) ORDER BY r.round`,
    [found],
  );
  const seats = await q.query<BattleSeatRow & { battleId: string }>(
    `SELECT s."battleId", s.seat, s."userId", s."clientSeed", u.name FROM battle_seat s LEFT JOIN "user" u ON u.id = s."userId"
     WHERE s."battleId" = ANY($1::text[]) ORDER BY s.seat`,
    [found],
  );
  const byId = new Map(battles.map((battle) => [battle.id, { battle, rounds: [] as BattleRoundRow[], seats: [] as BattleSeatRow[] }]));
  for (const round of rounds) byId.get(round.battleId)?.rounds.push(round);
  for (const seat of seats) byId.get(seat.battleId)?.seats.push(seat);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadBattleOrThrow(q: SqlQuery, battleId: string, options: LoadOptions = {}): Promise<LoadedBattle> {
  const loaded = await loadBattle(q, battleId, options);
  if (!loaded) throw new AppError("NOT_FOUND", `Battle "${battleId}" was not found.`);
  return loaded;
}

export function seatTotal(layout: BattleLayout): number {
  return BATTLE_LAYOUTS[layout].flat().length;
}

/** The battle as every answer shows it; the server seed and the outcome only once settled. */
export function battleView({ battle, rounds, seats }: LoadedBattle, viewerId: string | null, leafIndex: number | null = null): Battle {
  const settled = battle.status === "settled";
  const outcome = settled ? battle.outcome : null;
  return {
    id: battle.id,
    status: battle.status,
    layout: battle.layout,
    winRule: battle.winRule,
    terminal: battle.terminal,
    entry: battle.entry,
    commitment: battle.commitment,
    spec: battle.spec,
    specHash: battle.specHash,
    serverSeed: settled ? battle.serverSeed : null,
    lockKey: battle.lockKey,
    beacon: {
      kind: battle.beaconKind,
      round: battle.beaconRound,
      randomness: settled ? battle.beaconRandomness : null,
      signature: settled ? battle.beaconSignature : null,
    },
    seats: seats.map((seat) => ({
      seat: seat.seat,
      team: teamOfSeat(battle.layout, seat.seat),
      clientSeed: seat.clientSeed,
      bot: seat.userId === null,
      player: seat.userId === null ? null : maskPlayerName(seat.name),
      you: viewerId !== null && seat.userId === viewerId,
    })),
    rounds: rounds.map((round) => ({
      round: round.round,
      packId: round.packId,
      oddsVersion: round.oddsVersion,
      oddsHash: round.oddsHash,
      price: round.price,
      odds: round.odds,
      draws: outcome?.rounds[round.round - 1]?.draws ?? [],
    })),
    totals: outcome?.totals ?? null,
    winnerTeam: outcome ? battle.winnerTeam : null,
    payouts: outcome?.payouts ?? null,
    createdAt: battle.createdAt.toISOString(),
    lockedAt: battle.lockedAt?.toISOString() ?? null,
    settledAt: battle.settledAt?.toISOString() ?? null,
    cancelledAt: battle.cancelledAt?.toISOString() ?? null,
    leafIndex,
  };
}

/** Accounts in the one order every battle transaction locks them in (wallets, then event locks). */
export const inLockOrder = (userIds: readonly string[]) => [...new Set(userIds)].sort();

/**
 * Locks accounts before the transaction moves their money or records their events: the wallet
 * rows of `wallets`, then the event locks (record_account_event's) of `events`, each in one
 * order. A join debits one player and a cancellation refunds each, recording wallet.changed as
 * they go, before the battle's event for all of them. Without this they would hold one player's
 * event lock while waiting for another's, which a settlement sharing both may hold while it
 * waits for the first (a deadlock); and an event lock taken before its wallet would invert the
 * wallet-then-event order of every opening.
 */
export async function lockAccounts(
  tx: SqlQuery,
  { wallets, events }: { wallets: readonly string[]; events: readonly string[] },
): Promise<void> {
  // No column of type void: Prisma's raw queries, which a time-out's cancellations run through
  // (lockOpenBattlesOf on prismaSql, @prizepacks/db/prisma), cannot read one.
  await tx.query(`SELECT 1 AS locked FROM lock_accounts($1::text[], $2::text[])`, [inLockOrder(wallets), inLockOrder(events)]);
}

/**
 * Records `type` for every player seated, with the battle as data (as an outsider sees it), in
 * the caller's transaction: one statement, the data sent and parsed once for all of them.
 */
export async function recordBattleEvent(tx: SqlQuery, loaded: LoadedBattle, type: string, userIds = playerIds(loaded)): Promise<void> {
  // In lock order (a volatile function in the select list runs after the ORDER BY, row by row):
  // a transaction that took no lock before this one, a settlement, needs nothing else.
  await tx.query(`SELECT record_account_event(u.id, $2, $3::jsonb) FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n) ORDER BY u.n`, [
    inLockOrder(userIds),
    type,
    JSON.stringify(battleView(loaded, null)),
  ]);
}

export function playerIds({ seats }: LoadedBattle): string[] {
  return seats.flatMap((seat) => (seat.userId === null ? [] : [seat.userId]));
}
