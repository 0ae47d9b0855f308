// A battle as the battles procedures answer it (issue 22, "Interfaces"; the same shape as
// GET /v1/battles/{id}), and the little the pages derive from it. No "use client": the server
// pages read it too.
import type {
  BattleDraw,
  BattleLayout,
  BattlePayout,
  BattleProof,
  BattleSpec,
  BattleWinRule,
  ValuedTicketRange,
} from "@prizepacks/fairness";

export type BattleStatus = "open" | "locked" | "settled" | "cancelled";

export interface BattleSeatView {
  seat: number;
  team: number;
  clientSeed: string;
  bot: boolean;
  /** The player's name masked to its first letter; null for a bot. */
  player: string | null;
  /** The seat is the viewer's. */
  you: boolean;
}

export interface BattleRoundView {
  round: number;
  packId: string;
  oddsVersion: number;
  oddsHash: string;
  price: string;
  /** The odds version's ranges with the item values the battle counts (fixed at creation). */
  odds: ValuedTicketRange[];
  /** Empty until settled. */
  draws: BattleDraw[];
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
  /** Revealed once settled. */
  serverSeed: string | null;
  /** K, set when the last seat fills. */
  lockKey: string | null;
  /** kind "local": the service's own beacon (demo mode, tests); round R is set at lock, the rest once settled. */
  beacon: { kind: "drand" | "local"; round: number | null; randomness: string | null; signature: string | null };
  seats: BattleSeatView[];
  rounds: BattleRoundView[];
  totals: string[] | null;
  winnerTeam: number | null;
  payouts: BattlePayout[] | null;
  createdAt: string;
  lockedAt: string | null;
  settledAt: string | null;
  cancelledAt: string | null;
}

export function parseBattleSpec(battle: Pick<BattleView, "spec">): BattleSpec {
  return JSON.parse(battle.spec) as BattleSpec;
}

/** The creator holds seat 0 for the battle's life (the creator leaving cancels it). */
export function viewerCreated(battle: BattleView): boolean {
  return battle.seats.some((seat) => seat.seat === 0 && seat.you);
}

/** A settled battle's proof, or null while anything of it is missing. */
export function battleProof(battle: BattleView): BattleProof | null {
  const { serverSeed, beacon, rounds, totals, winnerTeam, payouts } = battle;
  if (battle.status !== "settled" || !serverSeed || beacon.round == null || !beacon.randomness || !beacon.signature) return null;
  if (!totals || winnerTeam == null || !payouts) return null;
  return {
    serverSeed,
    commitment: battle.commitment,
    spec: battle.spec,
    specHash: battle.specHash,
    seats: battle.seats.map(({ seat, team, clientSeed, bot }) => ({ seat, team, clientSeed, bot })),
    beacon: { round: beacon.round, randomness: beacon.randomness, signature: beacon.signature },
    rounds: rounds.map(({ round, packId, oddsVersion, draws }) => ({ round, packId, oddsVersion, draws })),
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
  return seat.player ? `${seat.player} (seat ${index + 1})` : `Player ${index + 1}`;
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
