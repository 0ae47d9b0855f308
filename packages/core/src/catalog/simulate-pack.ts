import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { buildTicketRanges, generateClientSeed, TICKETS_TOTAL } from "@prizepacks/fairness";
import { drawTicketSync, generateServerSeedSync } from "@prizepacks/fairness/node";
import { AppError } from "../errors.ts";
import { centsToMoney, moneyToCents } from "../contract/money-cents.ts";
import { chanceTextToTickets, checkPackDraft, describeIssues, PackFileSchema, packFileIssues } from "../contract/pack-rules.ts";

export const SIMULATION_DRAWS = 100_000;
/** How many openings the one player's balance is followed over (the simulation's first draws). */
export const SIMULATION_PLAYER_OPENINGS = 200;
const CHUNK = 10_000;

export interface SimulationOutcome {
  key: string;
  name: string;
  /** Net result of an opening that wins this item: value − price. */
  net: string;
  /** Exact probability (percent, 3 decimals) and how often the simulation drew it. */
  chance: string;
  drawn: number;
}

export interface SimulationResult {
  draws: number;
  serverSeed: string;
  clientSeed: string;
  /** In order of net result, lowest first. */
  outcomes: SimulationOutcome[];
  exact: { expectedNet: string; rtpPercent: string; profitPercent: string; p1: string; p50: string; p99: string };
  simulated: { meanNet: string; rtpPercent: string; profitPercent: string; p1: string; p50: string; p99: string };
  /**
   * One player's balance over the first openings of the simulation (nonces 0, 1, …), as the
   * change from where it started: after opening n, the sum of the first n net results (exact).
   */
  player: { balanceChange: string[] };
}

/**
 * Opens the draft 100,000 times through the server's draw (HMAC-SHA256 over a fresh random seed
 * pair, nonces 0..99,999, exactly as a player's openings are drawn) and sets what came out next
 * to the exact figures. Runs in chunks so a simulation never holds the event loop for long.
 */
export async function simulatePack(input: unknown, { draws = SIMULATION_DRAWS } = {}): Promise<SimulationResult> {
  const parsed = PackFileSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", describeIssues(packFileIssues(parsed.error)));
  const pack = parsed.data;
  // The ranges need valid chances; the expected-return range does not matter to a simulation.
  const check = checkPackDraft(pack, { minPercent: "0.01", maxPercent: "100000.00" });
  if (!check.ok) throw new AppError("BAD_REQUEST", describeIssues(check.issues));

  const price = moneyToCents(pack.price);
  const tickets = pack.items.map((item) => chanceTextToTickets(item.chance));
  const ranges = buildTicketRanges(pack.items.map((item, index) => ({ itemId: String(index), tickets: tickets[index]! })));
  // ticket → item index, one lookup per draw.
  const itemOfTicket = new Uint16Array(TICKETS_TOTAL + 1);
  for (const range of ranges) itemOfTicket.fill(Number(range.itemId), range.ticketFrom, range.ticketTo + 1);

  const serverSeed = generateServerSeedSync();
  const clientSeed = generateClientSeed();
  const drawn = new Array<number>(pack.items.length).fill(0);
  const firstDraws: number[] = [];
  for (let start = 0; start < draws; start += CHUNK) {
    for (let nonce = start; nonce < Math.min(draws, start + CHUNK); nonce++) {
      const index = itemOfTicket[drawTicketSync({ serverSeed, clientSeed, nonce }).result]!;
      drawn[index]!++;
      if (nonce < SIMULATION_PLAYER_OPENINGS) firstDraws.push(index);
    }
    await yieldToEventLoop();
  }

  const order = pack.items
    .map((_, index) => index)
    .sort((a, b) => Number(moneyToCents(pack.items[a]!.value) - moneyToCents(pack.items[b]!.value)));
  const net = (index: number) => moneyToCents(pack.items[index]!.value) - price;
  /** The net result below which at most `q` of the weight lies (the q-quantile of a discrete distribution). */
  const quantile = (weights: number[], total: number, q: number) => {
    let seen = 0;
    for (const index of order) {
      seen += weights[index]!;
      if (seen >= q * total) return centsToMoney(net(index));
    }
    return centsToMoney(net(order[order.length - 1]!));
  };
  const percent = (part: number, whole: number) => ((part / whole) * 100).toFixed(3);
  const profitable = (weights: number[]) => order.filter((index) => net(index) > 0n).reduce((sum, index) => sum + weights[index]!, 0);
  const simulatedValue = drawn.reduce((sum, count, index) => sum + moneyToCents(pack.items[index]!.value) * BigInt(count), 0n);
  const meanNetCents = Number(simulatedValue - price * BigInt(draws)) / draws;

  return {
    draws,
    serverSeed,
    clientSeed,
    outcomes: order.map((index) => ({
      key: pack.items[index]!.key,
      name: pack.items[index]!.name,
      net: centsToMoney(net(index)),
      chance: percent(tickets[index]!, TICKETS_TOTAL),
      drawn: drawn[index]!,
    })),
    exact: {
      expectedNet: centsToMoney(moneyToCents(check.expectedValue) - price),
      rtpPercent: check.rtpPercent,
      profitPercent: percent(profitable(tickets), TICKETS_TOTAL),
      p1: quantile(tickets, TICKETS_TOTAL, 0.01),
      p50: quantile(tickets, TICKETS_TOTAL, 0.5),
      p99: quantile(tickets, TICKETS_TOTAL, 0.99),
    },
    simulated: {
      meanNet: (meanNetCents / 100).toFixed(2),
      rtpPercent: percent(Number(simulatedValue), Number(price) * draws),
      profitPercent: percent(profitable(drawn), draws),
      p1: quantile(drawn, draws, 0.01),
      p50: quantile(drawn, draws, 0.5),
      p99: quantile(drawn, draws, 0.99),
    },
    player: {
      balanceChange: firstDraws.reduce<{ sum: bigint; path: string[] }>(
        (acc, index) => {
          acc.sum += net(index);
          acc.path.push(centsToMoney(acc.sum));
          return acc;
        },
        { sum: 0n, path: [] },
      ).path,
    },
  };
}
