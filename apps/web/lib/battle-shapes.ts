// A battle as the battles procedures answer it (issue 22, "Interfaces"; the same shape as
// GET /v1/battles/{id}), and the little the pages derive from it. No "use client": the server
// pages read it too.
import type { BattleDraw, BattleLayout, BattlePayout, BattleProof, BattleSpec, BattleWinRule } from "@prizepacks/fairness";

export type BattleStatus = "open" | "locked" | "settled" | "cancelled";

export interface BattleSeatView {
  seat: number;
  team: number;
  clientSeed: string;
  bot: boolean;
  /** The viewer's own seat. */
  you?: boolean;
  /** The seat's player as others see them (never an e-mail address). */
  name?: string | null;
}

export interface BattleView {
  id: string;
  status: BattleStatus;
  layout: BattleLayout;
  winRule: BattleWinRule;
  terminal: boolean;
  /** One seat's entry: the sum of the rounds' pack prices, a two-decimal string. */
  entry: string;
  commitment: string;
  /** The canonical (RFC 8785) spec string. */
  spec: string;
  specHash: string;
  seats: BattleSeatView[];
  /** The viewer created it. */
  mine?: boolean;
  createdAt?: string;
  /** Once locked: K and the beacon round R. */
  lockKey?: string | null;
  beaconRound?: number | null;
  /** "local" when a local beacon settles it (demo mode, tests). */
  beaconKind?: string | null;
  /** Once settled: the rest of the proof. */
  serverSeed?: string | null;
  beacon?: BattleProof["beacon"] | null;
  rounds?: Array<{ round: number; packId: string; oddsVersion: number; draws?: BattleDraw[] }> | null;
  totals?: string[] | null;
  winnerTeam?: number | null;
  payouts?: BattlePayout[] | null;
}

export function parseBattleSpec(battle: Pick<BattleView, "spec">): BattleSpec {
  return JSON.parse(battle.spec) as BattleSpec;
}

/** A settled battle's proof, or null while anything of it is missing. */
export function battleProof(battle: BattleView): BattleProof | null {
  const { serverSeed, beacon, rounds, totals, winnerTeam, payouts } = battle;
  if (!serverSeed || !beacon || !rounds || !totals || winnerTeam == null || !payouts) return null;
  if (rounds.some((round) => !round.draws)) return null;
  return {
    serverSeed,
    commitment: battle.commitment,
    spec: battle.spec,
    specHash: battle.specHash,
    seats: battle.seats.map(({ seat, team, clientSeed, bot }) => ({ seat, team, clientSeed, bot })),
    beacon,
    rounds: rounds.map(({ round, packId, oddsVersion, draws }) => ({ round, packId, oddsVersion, draws: draws ?? [] })),
    totals,
    winnerTeam,
    payouts,
  };
}

export const LAYOUT_LABELS: Record<BattleLayout, string> = {
  "1v1": "1 v 1",
  "1v1v1": "1 v 1 v 1",
  "1v1v1v1": "1 v 1 v 1 v 1",
  "2v2": "2 v 2",
  "3v3": "3 v 3",
};

export const WIN_RULE_LABELS: Record<BattleWinRule, string> = {
  highest: "Highest total wins",
  lowest: "Lowest total wins",
};

export const STATUS_LABELS: Record<BattleStatus, string> = {
  open: "Open",
  locked: "Waiting for the beacon",
  settled: "Settled",
  cancelled: "Cancelled",
};

/** "Seat 1" (seats are 0-based in the protocol, 1-based on the page), or the player's name. */
export function seatLabel(seat: BattleSeatView | undefined, index: number): string {
  if (!seat) return `Seat ${index + 1}`;
  if (seat.you) return "You";
  if (seat.bot) return `Bot ${index + 1}`;
  return seat.name || `Player ${index + 1}`;
}

/** A pack as the battle pages show it: art, name and price (from the public catalogue). */
export interface BattlePack {
  id: string;
  slug: string;
  name: string;
  image: string;
  price: string;
}

export type BattlePacksById = Record<string, BattlePack>;
