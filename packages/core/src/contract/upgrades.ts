import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor, Nonce, RaritySchema, ServerSeed, Sha256Hex, Ticket, LeafIndex } from "./fields.ts";

// The upgrader (upgrade/v1) and the exchange (#38): what GET/POST /v1/upgrades and
// POST /v1/exchanges answer.

/** One to this many held items make a stake. */
export const MAX_UPGRADE_STAKE = 10;
/** An upgrade's chance must be at least this many tickets of 100000 (1 %). */
export const MIN_UPGRADE_CHANCE_TICKETS = 1_000;
/** Items given, and items taken, in one exchange. */
export const MAX_EXCHANGE_ITEMS = 20;

/** game_settings' columns while it has no row, and the console's ranges (its CHECKs). */
export const GAME_SETTINGS = {
  upgradeEdgeBps: { default: 800, min: 200, max: 2_000 },
  upgradeCapTickets: { default: 75_000, min: 10_000, max: 90_000 },
  exchangeFeeBps: { default: 500, min: 0, max: 2_000 },
} as const;

const ChanceTickets = z.number().int().min(0).max(100_000).meta({ description: "The chance in tickets of 100000.", example: 23000 });
const ChancePercent = z
  .string()
  .regex(/^\d{1,3}\.\d{3}$/)
  .meta({ description: "The chance as a percentage with three decimals (chanceTickets / 1000), exact.", example: "23.000" });
const BasisPoints = z.number().int().min(0).max(10_000);

export const UpgradeTargetSchema = z
  .object({
    id: z.string().meta({ description: "The item's id: the targetItemId of a quote or an upgrade." }),
    name: z.string(),
    rarity: RaritySchema,
    value: MoneyString,
    image: z.string(),
    ships: z.boolean().meta({ description: "Whether it can be shipped; false: it can only be sold once won." }),
    pack: z
      .object({ id: z.string(), slug: z.string(), name: z.string() })
      .meta({ description: "An active pack the item can be won from." }),
  })
  .meta({ id: "UpgradeTarget" });
export type UpgradeTarget = z.infer<typeof UpgradeTargetSchema>;

export const UpgradeTargetPageSchema = z
  .object({ targets: z.array(UpgradeTargetSchema).meta({ description: "Cheapest first." }), nextCursor: NextCursor })
  .meta({ id: "UpgradeTargetPage" });
export type UpgradeTargetPage = z.infer<typeof UpgradeTargetPageSchema>;

export const UpgradeQuoteSchema = z
  .object({
    stakeValue: MoneyString.meta({ description: "The staked items' values summed." }),
    target: UpgradeTargetSchema,
    targetValue: MoneyString,
    edgeBps: BasisPoints.meta({ description: "The house edge in basis points (800 = 8 %).", example: 800 }),
    capTickets: ChanceTickets.meta({ description: "The highest chance, in tickets of 100000.", example: 75000 }),
    chanceTickets: ChanceTickets,
    chance: ChancePercent,
    expectedValue: MoneyString.meta({ description: "chance × target value, rounded down to the cent.", example: "23.00" }),
  })
  .meta({ id: "UpgradeQuote" });
export type UpgradeQuote = z.infer<typeof UpgradeQuoteSchema>;

const UpgradeFigures = {
  id: z.string(),
  stakeValue: MoneyString,
  targetValue: MoneyString,
  chanceTickets: ChanceTickets,
  chance: ChancePercent,
  edgeBps: BasisPoints,
  capTickets: ChanceTickets,
  nonce: Nonce,
  ticket: Ticket.meta({ description: "The rolled ticket, 1..100000: won iff ticket <= chanceTickets." }),
  won: z.boolean(),
};
const StakeItem = z.object({
  id: z.string().meta({ description: "The staked inventory item (now UPGRADED)." }),
  itemId: z.string(),
  value: MoneyString,
});
const WonItem = z
  .object({ id: z.string(), itemId: z.string(), value: MoneyString })
  .nullable()
  .meta({ description: "The target as a new HELD inventory item; null when the upgrade lost." });

export const UpgradeResultSchema = z
  .object({
    upgrade: z.object(UpgradeFigures),
    fairness: z.object({
      serverSeedHash: Sha256Hex.meta({ description: "SHA-256 of the server seed used (revealed on rotate)." }),
      clientSeed: z.string(),
      nonce: Nonce,
      hash: Sha256Hex.meta({ description: "HMAC-SHA256(serverSeed, clientSeed + ':' + nonce + ':upgrade'), hex (upgrade/v1)." }),
    }),
    inventoryItem: WonItem,
    target: UpgradeTargetSchema.omit({ pack: true }).extend({ packId: z.string() }),
    stake: z.array(StakeItem),
    leafIndex: LeafIndex,
  })
  .meta({ id: "UpgradeResult" });
export type UpgradeResult = z.infer<typeof UpgradeResultSchema>;

/** The fairness of an upgrade in the history: the server seed once its pair is retired. */
export const UpgradeFairnessSchema = z.object({
  recipe: z.literal("upgrade/v1"),
  serverSeedHash: Sha256Hex,
  serverSeed: ServerSeed.nullable().meta({
    description: "The server seed, revealed once its seed pair is retired (POST /v1/fairness/rotate); null while it is active.",
  }),
  clientSeed: z.string(),
  nonce: Nonce,
  hash: Sha256Hex.meta({ description: "HMAC-SHA256(serverSeed, clientSeed + ':' + nonce + ':upgrade'), hex." }),
  result: Ticket.meta({ description: "The rolled ticket, 1..100000 (equal to ticket)." }),
});

export const UpgradeEntrySchema = z
  .object({
    kind: z.literal("upgrade"),
    ...UpgradeFigures,
    createdAt: IsoTimestamp,
    target: UpgradeTargetSchema.omit({ pack: true }).extend({ packId: z.string() }),
    stake: z.array(StakeItem),
    inventoryItem: WonItem,
    fairness: UpgradeFairnessSchema,
    leafIndex: LeafIndex,
  })
  .meta({ id: "UpgradeEntry", description: "An upgrade with everything needed to verify it (upgrade/v1)." });
export type UpgradeEntry = z.infer<typeof UpgradeEntrySchema>;

export const UpgradePageSchema = z
  .object({ upgrades: z.array(UpgradeEntrySchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "UpgradePage" });
export type UpgradePage = z.infer<typeof UpgradePageSchema>;

export const ExchangeResultSchema = z
  .object({
    exchange: z.object({
      id: z.string(),
      givenValue: MoneyString.meta({ description: "The given items' values summed." }),
      receivedValue: MoneyString.meta({ description: "The taken items' values summed." }),
      feeBps: BasisPoints.meta({ description: "The exchange fee in basis points (500 = 5 %).", example: 500 }),
      cash: MoneyString.meta({
        description:
          "givenValue × (1 − fee) − receivedValue, rounded down to the cent: paid to the wallet (an EXCHANGE entry) when more than 0.",
      }),
      createdAt: IsoTimestamp,
    }),
    given: z.array(z.object({ id: z.string().meta({ description: "A given inventory item (now EXCHANGED)." }), value: MoneyString })),
    received: z.array(
      z.object({ id: z.string().meta({ description: "A new HELD inventory item." }), itemId: z.string(), value: MoneyString }),
    ),
    balanceAfter: z.number().meta({ description: "Wallet balance after the remainder (JSON number).", example: 101.25 }),
  })
  .meta({ id: "ExchangeResult" });
export type ExchangeResult = z.infer<typeof ExchangeResultSchema>;

/** chanceTickets as the percentage with three decimals: 23000 → "23.000". */
export function chancePercent(chanceTickets: number): string {
  return `${Math.floor(chanceTickets / 1000)}.${String(chanceTickets % 1000).padStart(3, "0")}`;
}
