/**
 * battle/v1, exactly as published in the README ("Battles (battle/v1)") and the OpenAPI
 * document. Isomorphic like draw.ts: the server settles battles and the browser verifier
 * re-derives them with this very code.
 *
 *   spec     = RFC 8785 JSON of { id, layout, winRule, terminal, rounds, commitment, beacon }
 *   specHash = sha256Hex(spec)
 *   K        = sha256Hex(specHash | c_0 | … | c_(n-1))
 *   G        = hmacSha256Hex(S, "battle/v1|" + specHash + "|" + K + "|" + R + "|" + B)
 *   draw     = hmacSha256Hex(G, "draw|" + round + "|" + seat) → ticketFromHash → odds range
 *   tie      = parseInt(hmacSha256Hex(G, "tie").slice(0, 13), 16) mod (tied teams)
 */
import canonicalize from "canonicalize";
import { sha256Hex, ticketFromHash, webHashes, type Hashes } from "./draw.ts";
import { findRangeForTicket, oddsHash, type TicketRange } from "./odds.ts";

export const BATTLE_PROTOCOL = "battle/v1";

/** Seats of each team, in seat order; seat numbers are 0-based and teams are numbered in this order. */
export const BATTLE_LAYOUTS = {
  "1v1": [[0], [1]],
  "1v1v1": [[0], [1], [2]],
  "1v1v1v1": [[0], [1], [2], [3]],
  "2v2": [
    [0, 1],
    [2, 3],
  ],
  "3v3": [
    [0, 1, 2],
    [3, 4, 5],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly number[]>>;

export type BattleLayout = keyof typeof BATTLE_LAYOUTS;
export const BATTLE_LAYOUT_NAMES = Object.keys(BATTLE_LAYOUTS) as BattleLayout[];
export type BattleWinRule = "highest" | "lowest";
export const BATTLE_WIN_RULES: readonly BattleWinRule[] = ["highest", "lowest"];
export const BATTLE_MAX_ROUNDS = 25;
export const BATTLE_CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function seatCount(layout: BattleLayout): number {
  return BATTLE_LAYOUTS[layout].flat().length;
}

export function teamOfSeat(layout: BattleLayout, seat: number): number {
  const team = BATTLE_LAYOUTS[layout].findIndex((members) => (members as readonly number[]).includes(seat));
  if (team < 0) throw new Error(`layout ${layout} has no seat ${seat}`);
  return team;
}

/** A house bot's client seed. */
export function botClientSeed(seat: number): string {
  return `bot-${seat}`;
}

export interface BattleSpecRound {
  packId: string;
  oddsVersion: number;
  oddsHash: string;
}

export interface BattleSpec {
  id: string;
  layout: BattleLayout;
  winRule: BattleWinRule;
  terminal: boolean;
  rounds: BattleSpecRound[];
  commitment: string;
  beacon: { chainHash: string; period: number; genesisTime: number };
}

/** The spec's canonical string (RFC 8785), the one the battle publishes and hashes. */
export function canonicalBattleSpec(spec: BattleSpec): string {
  const text = canonicalize(spec);
  if (text === undefined) throw new Error("the battle spec has no JSON form");
  return text;
}

export async function battleSpecHash(canonicalSpec: string, hashes: Hashes = webHashes): Promise<string> {
  return hashes.sha256Hex(canonicalSpec);
}

/** K: fixed when the last seat fills, from the spec hash and every seat's client seed in seat order. */
export async function battleLockKey(specHash: string, clientSeeds: readonly string[], hashes: Hashes = webHashes): Promise<string> {
  return hashes.sha256Hex([specHash, ...clientSeeds].join("|"));
}

export interface GameSeedInput {
  serverSeed: string;
  specHash: string;
  lockKey: string;
  beaconRound: number;
  beaconRandomness: string;
}

/** G, the battle's own randomness: keyed by S, so the commitment C says nothing about it. */
export async function battleGameSeed(
  { serverSeed, specHash, lockKey, beaconRound, beaconRandomness }: GameSeedInput,
  hashes: Hashes = webHashes,
): Promise<string> {
  return hashes.hmacSha256Hex(serverSeed, `${BATTLE_PROTOCOL}|${specHash}|${lockKey}|${beaconRound}|${beaconRandomness}`);
}

/** The draw of seat `seat` (0-based) in round `round` (1-based). */
export async function battleSeatDraw(
  gameSeed: string,
  round: number,
  seat: number,
  hashes: Hashes = webHashes,
): Promise<{ hash: string; ticket: number }> {
  const hash = await hashes.hmacSha256Hex(gameSeed, `draw|${round}|${seat}`);
  return { hash, ticket: ticketFromHash(hash) };
}

/** Which of `tiedCount` tied teams (in ascending team order) wins. */
export async function battleTieIndex(gameSeed: string, tiedCount: number, hashes: Hashes = webHashes): Promise<number> {
  if (!Number.isSafeInteger(tiedCount) || tiedCount < 1) throw new Error("tiedCount must be a positive integer");
  const hash = await hashes.hmacSha256Hex(gameSeed, "tie");
  return parseInt(hash.slice(0, 13), 16) % tiedCount;
}

/** An odds row with the item's value (two-decimal string) as the battle fixed it. */
export interface ValuedTicketRange extends TicketRange {
  value: string;
}

export interface BattleDraw {
  seat: number;
  hash: string;
  ticket: number;
  itemId: string;
  value: string;
}

export interface BattlePayoutItem {
  round: number;
  seat: number;
  itemId: string;
  value: string;
}

export interface BattlePayout {
  seat: number;
  value: string;
  items: BattlePayoutItem[];
}

export interface BattleOutcome {
  lockKey: string;
  gameSeed: string;
  rounds: Array<{ round: number; draws: BattleDraw[] }>;
  /** Per team, in team order: the sum of its counted draws (every round, or the last when terminal). */
  totals: string[];
  winnerTeam: number;
  payouts: BattlePayout[];
}

export interface PlayBattleInput {
  serverSeed: string;
  specHash: string;
  layout: BattleLayout;
  winRule: BattleWinRule;
  terminal: boolean;
  /** Client seeds in seat order. */
  clientSeeds: readonly string[];
  beaconRound: number;
  beaconRandomness: string;
  /** Each round's odds (round 1 first), with item values. */
  rounds: ReadonlyArray<readonly ValuedTicketRange[]>;
}

/** Values are exact two-decimal strings; arithmetic runs in integer cents. */
export function moneyToCentsNumber(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`value ${value} is not a decimal with at most two places`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new Error(`value ${value} is too large`);
  return match[1] ? -cents : cents;
}

export function centsNumberToMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The winning team: the highest (or lowest) total; ties broken by G over the tied teams in
 * ascending order.
 */
export async function battleWinnerTeam(
  gameSeed: string,
  totalsCents: readonly number[],
  winRule: BattleWinRule,
  hashes: Hashes = webHashes,
): Promise<number> {
  const best = winRule === "highest" ? Math.max(...totalsCents) : Math.min(...totalsCents);
  const tied = totalsCents.flatMap((total, team) => (total === best ? [team] : []));
  if (tied.length === 1) return tied[0]!;
  return tied[await battleTieIndex(gameSeed, tied.length, hashes)]!;
}

/**
 * The split inside the winning team: each item, largest value first (equal values in round,
 * then seat order), to the member with the lowest running total; ties to the lower seat.
 */
export function splitBattleWinnings(members: readonly number[], items: readonly BattlePayoutItem[]): BattlePayout[] {
  const sorted = [...items].sort(
    (a, b) => moneyToCentsNumber(b.value) - moneyToCentsNumber(a.value) || a.round - b.round || a.seat - b.seat,
  );
  const payouts = [...members].sort((a, b) => a - b).map((seat) => ({ seat, cents: 0, items: [] as BattlePayoutItem[] }));
  for (const item of sorted) {
    let receiver = payouts[0]!;
    for (const payout of payouts) if (payout.cents < receiver.cents) receiver = payout;
    receiver.cents += moneyToCentsNumber(item.value);
    receiver.items.push(item);
  }
  return payouts.map(({ seat, cents, items: won }) => ({ seat, value: centsNumberToMoney(cents), items: won }));
}

/** Plays a locked battle whose beacon round is known: every draw, the totals, the winner and the payouts. */
export async function playBattle(input: PlayBattleInput, hashes: Hashes = webHashes): Promise<BattleOutcome> {
  const teams = BATTLE_LAYOUTS[input.layout] as ReadonlyArray<readonly number[]>;
  const seats = seatCount(input.layout);
  if (input.clientSeeds.length !== seats) throw new Error(`layout ${input.layout} has ${seats} seats`);
  if (input.rounds.length < 1 || input.rounds.length > BATTLE_MAX_ROUNDS) throw new Error("a battle has 1 to 25 rounds");
  const lockKey = await battleLockKey(input.specHash, input.clientSeeds, hashes);
  const gameSeed = await battleGameSeed({ ...input, lockKey }, hashes);
  const rounds: BattleOutcome["rounds"] = [];
  for (const [index, ranges] of input.rounds.entries()) {
    const round = index + 1;
    const draws: BattleDraw[] = [];
    for (let seat = 0; seat < seats; seat++) {
      const { hash, ticket } = await battleSeatDraw(gameSeed, round, seat, hashes);
      const range = findRangeForTicket(ranges, ticket);
      draws.push({ seat, hash, ticket, itemId: range.itemId, value: range.value });
    }
    rounds.push({ round, draws });
  }
  const counted = input.terminal ? rounds.slice(-1) : rounds;
  const totalsCents = teams.map((members) =>
    counted.reduce(
      (sum, { draws }) => sum + draws.filter((draw) => members.includes(draw.seat)).reduce((s, d) => s + moneyToCentsNumber(d.value), 0),
      0,
    ),
  );
  const winnerTeam = await battleWinnerTeam(gameSeed, totalsCents, input.winRule, hashes);
  const won = rounds.flatMap(({ round, draws }) => draws.map(({ seat, itemId, value }) => ({ round, seat, itemId, value })));
  return {
    lockKey,
    gameSeed,
    rounds,
    totals: totalsCents.map(centsNumberToMoney),
    winnerTeam,
    payouts: splitBattleWinnings(teams[winnerTeam]!, won),
  };
}

/** What a settled battle publishes, as `GET /v1/battles/{id}` answers it. */
export interface BattleProof {
  serverSeed: string;
  commitment: string;
  spec: string;
  specHash: string;
  seats: Array<{ seat: number; team: number; clientSeed: string; bot: boolean }>;
  beacon: { round: number; randomness: string; signature: string };
  rounds: Array<{ round: number; packId: string; oddsVersion: number; draws: BattleDraw[] }>;
  totals: string[];
  winnerTeam: number;
  payouts: BattlePayout[];
}

export interface BattleVerification {
  valid: boolean;
  /** Each failed check, in words; empty when valid. */
  problems: string[];
  /** The outcome recomputed from the proof's inputs (null when they could not be read). */
  recomputed: BattleOutcome | null;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error("not lower-case hex");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function sha256OfHexBytes(hex: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", hexToBytes(hex));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalize(a) === canonicalize(b);
}

/**
 * Re-derives a settled battle from its published proof and each round's odds (the ranges of
 * the odds version the spec names, with item values). Checks the commitment, the spec's
 * canonical form and hash, the odds hashes, `randomness = sha256(signature)`, and every draw,
 * total, winner and payout. The beacon's BLS signature is checked apart (verifyBeaconRound).
 */
export async function verifyBattle(
  proof: BattleProof,
  oddsByRound: ReadonlyArray<readonly ValuedTicketRange[]>,
): Promise<BattleVerification> {
  const problems: string[] = [];
  if ((await sha256Hex(proof.serverSeed)) !== proof.commitment) problems.push("sha256(serverSeed) is not the commitment");
  if ((await sha256Hex(proof.spec)) !== proof.specHash) problems.push("sha256(spec) is not the specHash");
  let spec: BattleSpec;
  try {
    spec = JSON.parse(proof.spec) as BattleSpec;
  } catch {
    return { valid: false, problems: [...problems, "the spec is not JSON"], recomputed: null };
  }
  if (canonicalize(spec) !== proof.spec) problems.push("the spec is not in its canonical (RFC 8785) form");
  if (spec.commitment !== proof.commitment) problems.push("the spec names another commitment");
  if (!(spec.layout in BATTLE_LAYOUTS)) return { valid: false, problems: [...problems, `unknown layout ${spec.layout}`], recomputed: null };
  if (oddsByRound.length !== spec.rounds.length) {
    return {
      valid: false,
      problems: [...problems, `the spec has ${spec.rounds.length} rounds, ${oddsByRound.length} odds tables given`],
      recomputed: null,
    };
  }
  for (const [index, round] of spec.rounds.entries()) {
    if ((await oddsHash(oddsByRound[index]!)) !== round.oddsHash)
      problems.push(`round ${index + 1}: the odds do not hash to the spec's oddsHash`);
    const published = proof.rounds[index];
    if (!published || published.packId !== round.packId || published.oddsVersion !== round.oddsVersion) {
      problems.push(`round ${index + 1}: pack or odds version differs from the spec`);
    }
  }
  const seats = [...proof.seats].sort((a, b) => a.seat - b.seat);
  if (seats.length !== seatCount(spec.layout) || seats.some((seat, index) => seat.seat !== index)) {
    return { valid: false, problems: [...problems, "the seats do not fill the layout"], recomputed: null };
  }
  for (const seat of seats) {
    if (seat.team !== teamOfSeat(spec.layout, seat.seat)) problems.push(`seat ${seat.seat}: wrong team`);
    if (seat.bot && seat.clientSeed !== botClientSeed(seat.seat)) problems.push(`seat ${seat.seat}: a bot's seed is bot-<seat>`);
  }
  try {
    if ((await sha256OfHexBytes(proof.beacon.signature)) !== proof.beacon.randomness)
      problems.push("the beacon randomness is not sha256(signature)");
  } catch {
    problems.push("the beacon signature is not hex");
  }
  const recomputed = await playBattle({
    serverSeed: proof.serverSeed,
    specHash: proof.specHash,
    layout: spec.layout,
    winRule: spec.winRule,
    terminal: spec.terminal,
    clientSeeds: seats.map((seat) => seat.clientSeed),
    beaconRound: proof.beacon.round,
    beaconRandomness: proof.beacon.randomness,
    rounds: oddsByRound,
  });
  for (const round of recomputed.rounds) {
    const published = proof.rounds[round.round - 1];
    if (!published || !sameJson(published.draws, round.draws)) problems.push(`round ${round.round}: the draws differ`);
  }
  if (!sameJson(proof.totals, recomputed.totals)) problems.push("the totals differ");
  if (proof.winnerTeam !== recomputed.winnerTeam) problems.push("the winner differs");
  if (!sameJson(proof.payouts, recomputed.payouts)) problems.push("the payouts differ");
  return { valid: problems.length === 0, problems, recomputed };
}
