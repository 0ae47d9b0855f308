/**
 * upgrade/v1: the upgrader's roll, exactly as published in the README. Isomorphic (Web Crypto
 * through the Hashes it is given), so the browser verifier and the server run this very code.
 *
 *   chanceTickets = min(capTickets, floor(100000 × (10000 − edgeBps) × stakeCents / (10000 × targetCents)))
 *   hash          = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:upgrade`), lower-case hex
 *   ticket        = ticketFromHash(hash)                                             (1..100000)
 *   won           = ticket <= chanceTickets
 *
 * The chance is integer arithmetic on cents and basis points (BigInt): no float decides a win.
 * The ":upgrade" suffix keeps an upgrade's hash apart from an opening's at the same nonce of a
 * pair (they never share one: each takes the pair's next nonce, but a verifier replaying a pair
 * must not confuse the two).
 */
import { TICKETS_TOTAL, ticketFromHash, webHashes, type Hashes } from "./draw.ts";

export const UPGRADE_RECIPE = "upgrade/v1";
const BPS = 10_000n;

export interface UpgradeChanceInput {
  stakeCents: bigint | number;
  targetCents: bigint | number;
  edgeBps: number;
  capTickets: number;
}

/** The published chance in tickets of 100000, exact. */
export function upgradeChanceTickets({ stakeCents, targetCents, edgeBps, capTickets }: UpgradeChanceInput): number {
  const stake = BigInt(stakeCents);
  const target = BigInt(targetCents);
  if (stake <= 0n || target <= 0n) throw new Error("stake and target must be positive amounts of cents");
  if (!Number.isInteger(edgeBps) || edgeBps < 0 || edgeBps >= 10_000) throw new Error("edgeBps must be an integer from 0 to 9999");
  if (!Number.isInteger(capTickets) || capTickets < 1 || capTickets > TICKETS_TOTAL) throw new Error("capTickets must be 1..100000");
  const raw = (BigInt(TICKETS_TOTAL) * (BPS - BigInt(edgeBps)) * stake) / (BPS * target);
  return raw < BigInt(capTickets) ? Number(raw) : capTickets;
}

export interface UpgradeRollInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface UpgradeRoll {
  hash: string;
  ticket: number;
}

export function upgradeMessage(clientSeed: string, nonce: number): string {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error("nonce must be a non-negative integer");
  return `${clientSeed}:${nonce}:upgrade`;
}

/** The roll alone; the server passes node's synchronous hashes (nodeHashes), the browser Web Crypto's. */
export async function rollUpgrade({ serverSeed, clientSeed, nonce }: UpgradeRollInput, hashes: Hashes = webHashes): Promise<UpgradeRoll> {
  const hash = await hashes.hmacSha256Hex(serverSeed, upgradeMessage(clientSeed, nonce));
  return { hash, ticket: ticketFromHash(hash) };
}

/** What a published upgrade claims, and what its revealed seed must re-derive. */
export interface UpgradeClaim extends UpgradeRollInput {
  stakeCents: bigint | number;
  targetCents: bigint | number;
  edgeBps: number;
  capTickets: number;
  chanceTickets: number;
  hash: string;
  ticket: number;
  won: boolean;
}

/** Recomputes an upgrade from its revealed seed; an empty list means it verifies. */
export async function verifyUpgrade(claim: UpgradeClaim, hashes: Hashes = webHashes): Promise<string[]> {
  const problems: string[] = [];
  const chance = upgradeChanceTickets(claim);
  if (chance !== claim.chanceTickets) problems.push(`chanceTickets is ${claim.chanceTickets}, the formula gives ${chance}`);
  const roll = await rollUpgrade(claim, hashes);
  if (roll.hash !== claim.hash) problems.push("the hash does not re-derive from the seeds and nonce");
  if (roll.ticket !== claim.ticket) problems.push(`the ticket is ${claim.ticket}, the hash gives ${roll.ticket}`);
  if (roll.ticket <= chance !== claim.won) problems.push(`won is ${claim.won}, ticket ${roll.ticket} against ${chance} says otherwise`);
  return problems;
}

/**
 * The published test vector (README, "Provable fairness"): seeds, stake and target in cents,
 * the console's defaults, and what upgrade/v1 gives for them. upgrade.test.ts holds the code to
 * it, computed independently with node:crypto.
 */
export const UPGRADE_TEST_VECTOR = {
  serverSeed: "a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70",
  clientSeed: "my-client-seed",
  nonce: 1,
  stakeCents: 2500,
  targetCents: 10000,
  edgeBps: 800,
  capTickets: 75000,
  chanceTickets: 23000,
  hash: "1e3c6702eb34f4e93d9a51b413ce6581197059cbc4906cc6268446d2d68e842b",
  ticket: 11811,
  won: true,
} as const;
