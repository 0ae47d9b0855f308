// A battle as the battles procedures answer it (the same shape as GET /v1/battles/{id}), and the
// little the pages derive from it. No "use client": the server pages read it too.
import type { Battle } from "@prizepacks/core";
import {
  BATTLE_LAYOUTS,
  BATTLE_WIN_RULES,
  type BattleLayout,
  type BattleProof,
  type BattleSpec,
  type BattleWinRule,
} from "@prizepacks/fairness";

export type BattleStatus = Battle["status"];
export type BattleSeatView = Battle["seats"][number];

/** A battle as the battles procedures answer it, its layout and rule narrowed to the protocol's names. */
export type BattleView = Omit<Battle, "layout" | "winRule"> & { layout: BattleLayout; winRule: BattleWinRule };

/** The answer with its layout and rule typed as battle/v1 names them (the schema only says "string"). */
export function asBattleView(battle: Battle): BattleView {
  if (!(battle.layout in BATTLE_LAYOUTS)) throw new Error(`unknown battle layout ${battle.layout}`);
  if (!(BATTLE_WIN_RULES as readonly string[]).includes(battle.winRule)) throw new Error(`unknown win rule ${battle.winRule}`);
  return battle as BattleView;
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

/** The seat with a verb that agrees with it: "You take", "Bot 2 takes". */
export function seatDoes(seat: BattleSeatView | undefined, index: number, verb: string): string {
  return `${seatLabel(seat, index)} ${seat?.you ? verb : `${verb}s`}`;
}

/** "1 item", "6 items". */
export function itemCount(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

/**
 * Who won, with its verb: the seat when every team is one seat ("You win", "Bot 2 wins"), else
 * the team ("Your team wins", "Team 2 wins"), a team being one thing whoever sits in it.
 */
export function winnerWords(battle: Pick<BattleView, "layout" | "seats" | "winnerTeam">): string {
  const team = battle.winnerTeam;
  if (team == null) return "";
  const members = battle.seats.filter((seat) => seat.team === team);
  const teamSize = BATTLE_LAYOUTS[battle.layout][0]?.length ?? 1;
  if (teamSize === 1 && members[0]) return seatDoes(members[0], members[0].seat, "win");
  return members.some((seat) => seat.you) ? "Your team wins" : `Team ${team + 1} wins`;
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

/** The service's randomness beacon as anyone may know it: what the browser checks a round's BLS signature with. */
export interface PublicBeaconChain {
  kind: "drand" | "local";
  chainHash: string;
  period: number;
  genesisTime: number;
  publicKey: string;
  schemeID: "bls-unchained-g1-rfc9380";
}
