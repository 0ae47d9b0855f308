import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { z } from "zod";
import { generateClientSeed, rollUpgrade, TICKETS_TOTAL, upgradeChanceTickets } from "@prizepacks/fairness";
import { generateServerSeedSync, nodeHashes } from "@prizepacks/fairness/node";
import { centsToMoney, moneyToCents, ratioText } from "../contract/money-cents.ts";
import { chancePercent, MIN_UPGRADE_CHANCE_TICKETS } from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { readGameSettings } from "../settings/money-settings.ts";

export const UPGRADE_SIMULATION_DRAWS = 100_000;
/** Points of the running win rate returned for the chart. */
const PATH_POINTS = 100;
const CHUNK = 10_000;

const positiveMoney = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, "an amount with at most two decimals, e.g. 10.00")
  .refine((value) => moneyToCents(value) > 0n, "must be more than 0.00");

export const UpgradeSimulationInputSchema = z
  .object({
    /** The stake's value. */
    stakeValue: positiveMoney,
    /** The target's value; or, instead, the chance to simulate at. */
    targetValue: positiveMoney.optional(),
    /** A percentage with at most 3 decimals: the target becomes the value whose published chance comes nearest it. */
    chance: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,3})?$/, "a percentage with at most 3 decimals, e.g. 25 or 12.5")
      .optional(),
    draws: z.number().int().min(1_000).max(1_000_000).default(UPGRADE_SIMULATION_DRAWS),
  })
  .refine((input) => (input.targetValue === undefined) !== (input.chance === undefined), {
    message: "give either targetValue or chance, not both",
  });
export type UpgradeSimulationInput = z.input<typeof UpgradeSimulationInputSchema>;

export interface UpgradeSimulationResult {
  draws: number;
  serverSeed: string;
  clientSeed: string;
  stakeValue: string;
  targetValue: string;
  /** The edge and cap in force, as a real upgrade would be quoted. */
  edgeBps: number;
  capTickets: number;
  /** The published chance: upgrade/v1's formula on these values. */
  chanceTickets: number;
  chance: string;
  exact: {
    /** chance × target, rounded down to the cent, as the quote shows it. */
    expectedValue: string;
    /** 1 − chance × target ÷ stake, percent with 3 decimals: at or above the edge (rounding down, the cap). */
    edgePercent: string;
  };
  simulated: {
    wins: number;
    /** wins ÷ draws, percent with 3 decimals. */
    winRatePercent: string;
    /** 1 − wins × target ÷ (draws × stake), percent with 3 decimals. */
    edgePercent: string;
  };
  /** The running win rate (percent) after every draws ÷ 100 upgrades, for the chart. */
  path: Array<{ draws: number; winRatePercent: number }>;
}

/**
 * The target (cents) whose published chance at this stake comes nearest `chanceTickets`: the
 * formula is floor(10 × (10000 − edge) × stake ÷ target) before the cap, so the candidates are
 * the two targets on either side of 10 × (10000 − edge) × stake ÷ chance.
 */
function targetForChance(stakeCents: bigint, chanceTickets: number, edgeBps: number, capTickets: number): bigint {
  const scaled = BigInt(TICKETS_TOTAL / 10_000) * BigInt(10_000 - edgeBps) * stakeCents;
  const low = scaled / BigInt(chanceTickets);
  const distance = (target: bigint) =>
    target <= 0n ? Infinity : Math.abs(upgradeChanceTickets({ stakeCents, targetCents: target, edgeBps, capTickets }) - chanceTickets);
  return distance(low + 1n) < distance(low) ? low + 1n : low;
}

/**
 * Rolls `draws` upgrades (default 100,000) at the given stake and target (or chance) with the
 * edge and cap in force, through upgrade/v1 itself (rollUpgrade on node's hashes, as upgradeItems
 * rolls) over a fresh random seed pair at nonces 0..draws − 1, and sets the realised win rate
 * and edge beside the published chance and the exact edge. The same rules as a real upgrade: the
 * target worth more than the stake, the chance at least 1 %, and no chance above the cap. In
 * chunks, so the event loop is never held long. `seeds` is for tests.
 */
export async function simulateUpgrades(
  services: Deps,
  input: UpgradeSimulationInput,
  { seeds }: { seeds?: { serverSeed: string; clientSeed: string } } = {},
): Promise<UpgradeSimulationResult> {
  const { stakeValue, targetValue, chance, draws } = parseInputOrThrow(UpgradeSimulationInputSchema, input);
  const { upgradeEdgeBps: edgeBps, upgradeCapTickets: capTickets } = await readGameSettings(services.database.prisma);
  const stakeCents = moneyToCents(stakeValue);
  let targetCents: bigint;
  if (chance === undefined) {
    targetCents = moneyToCents(targetValue!);
  } else {
    const wanted = Math.round(Number(chance) * 1000);
    if (wanted > capTickets) {
      throw new AppError("BAD_REQUEST", `No upgrade is published at ${chance} %: the cap in force is ${chancePercent(capTickets)} %.`);
    }
    if (wanted < MIN_UPGRADE_CHANCE_TICKETS) throw new AppError("BAD_REQUEST", `The chance must be at least 1 %, as an upgrade's.`);
    targetCents = targetForChance(stakeCents, wanted, edgeBps, capTickets);
  }
  if (targetCents <= stakeCents) {
    throw new AppError(
      "BAD_REQUEST",
      `Not an upgrade: the target would be worth ${centsToMoney(targetCents)}, the stake ${centsToMoney(stakeCents)}; an upgrade's target is worth more than its stake.`,
    );
  }
  const chanceTickets = upgradeChanceTickets({ stakeCents, targetCents, edgeBps, capTickets });
  if (chanceTickets < MIN_UPGRADE_CHANCE_TICKETS) {
    throw new AppError("BAD_REQUEST", `The chance would be ${chancePercent(chanceTickets)} %, under the 1 % an upgrade needs.`);
  }

  const serverSeed = seeds?.serverSeed ?? generateServerSeedSync();
  const clientSeed = seeds?.clientSeed ?? generateClientSeed();
  const every = Math.max(1, Math.floor(draws / PATH_POINTS));
  const path: UpgradeSimulationResult["path"] = [];
  let wins = 0;
  for (let start = 0; start < draws; start += CHUNK) {
    for (let nonce = start; nonce < Math.min(draws, start + CHUNK); nonce++) {
      const { ticket } = await rollUpgrade({ serverSeed, clientSeed, nonce }, nodeHashes);
      if (ticket <= chanceTickets) wins++;
      const done = nonce + 1;
      if (done % every === 0 || done === draws) path.push({ draws: done, winRatePercent: Number(((wins / done) * 100).toFixed(3)) });
    }
    await yieldToEventLoop();
  }

  const total = BigInt(TICKETS_TOTAL);
  /** 1 − paid ÷ staked as a percentage with 3 decimals, from integers. */
  const edge = (paid: bigint, staked: bigint) => ratioText((staked - paid) * 100n, staked, 3);
  return {
    draws,
    serverSeed,
    clientSeed,
    stakeValue: centsToMoney(stakeCents),
    targetValue: centsToMoney(targetCents),
    edgeBps,
    capTickets,
    chanceTickets,
    chance: chancePercent(chanceTickets),
    exact: {
      expectedValue: centsToMoney((targetCents * BigInt(chanceTickets)) / total),
      edgePercent: edge(targetCents * BigInt(chanceTickets), stakeCents * total),
    },
    simulated: {
      wins,
      winRatePercent: ratioText(BigInt(wins) * 100n, BigInt(draws), 3),
      edgePercent: edge(targetCents * BigInt(wins), stakeCents * BigInt(draws)),
    },
    path,
  };
}
