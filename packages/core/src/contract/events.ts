import { z } from "zod";
import { BattleSchema } from "./battles.ts";
import { DepositSchema } from "./deposits.ts";
import { RotateResultSchema } from "./fairness.ts";
import { IsoTimestamp, MoneyString, RaritySchema } from "./fields.ts";
import { OpenResultSchema } from "./open.ts";
import { RewardSourceSchema } from "./rewards.ts";
import { ShipmentEventDataSchema } from "./shipping.ts";
import { ExchangeResultSchema, UpgradeResultSchema } from "./upgrades.ts";
import { VerificationSchema } from "./verification.ts";
import { LedgerKindSchema } from "./wallet.ts";
import { WithdrawalSchema } from "./withdrawals.ts";

// The events of an account (GET /v1/events and webhooks) and the public drop feed (GET /v1/drops).
// Each event's data is what the matching REST call returned, where there is one.

const EventId = z
  .string()
  .regex(/^\d{1,19}$/)
  .meta({
    description:
      "The event's id: a 64-bit integer as a string, increasing with every event of the account. Resume after it with Last-Event-ID.",
    example: "18342",
  });

function accountEvent<Type extends string, Data extends z.ZodType>(id: string, type: Type, data: Data, description: string) {
  return z.object({ id: EventId, type: z.literal(type), createdAt: IsoTimestamp, data }).meta({ id, description });
}

export const OpenCompletedEventSchema = accountEvent(
  "OpenCompletedEvent",
  "open.completed",
  OpenResultSchema,
  "An opening completed; data is the open response.",
);
export const ItemSoldEventSchema = accountEvent(
  "ItemSoldEvent",
  "item.sold",
  z.object({
    sold: z.array(z.object({ id: z.string(), value: MoneyString })),
    total: MoneyString,
    balanceAfter: z.number().meta({ description: "Wallet balance after the credit (JSON number).", example: 134.01 }),
  }),
  "Inventory items were sold; data is the sale response.",
);
export const WalletChangedEventSchema = accountEvent(
  "WalletChangedEvent",
  "wallet.changed",
  z.object({
    balance: z.number().meta({ description: "The new wallet balance (JSON number).", example: 95.01 }),
    balanceString: MoneyString.meta({ description: "The same balance as an exact decimal string." }),
    amount: MoneyString.meta({ description: "Signed: negative for debits (openings).", example: "-4.99" }),
    reason: LedgerKindSchema,
    note: z.string().optional(),
    spinId: z.string().optional().meta({ description: "With PACK_OPEN: the opening." }),
    battleId: z.string().optional().meta({ description: "With BATTLE_ENTRY and BATTLE_REFUND: the battle." }),
  }),
  "The wallet balance changed (deposit, opening, sale, exchange or adjustment).",
);
export const SeedRotatedEventSchema = accountEvent(
  "SeedRotatedEvent",
  "seed.rotated",
  RotateResultSchema,
  "The seed pair was rotated; data is the rotate response.",
);
export const KeyRevokedEventSchema = accountEvent(
  "KeyRevokedEvent",
  "key.revoked",
  z.object({ id: z.string(), name: z.string(), start: z.string(), revokedAt: IsoTimestamp }),
  "An API key of the account was revoked. A stream opened with that key ends after this event.",
);

export const DepositSettledEventSchema = accountEvent(
  "DepositSettledEvent",
  "deposit.settled",
  DepositSchema,
  "A deposit's payment settled and its amount was credited (a wallet.changed event follows in the same moment); data is the deposit.",
);

export const WithdrawalRequestedEventSchema = accountEvent(
  "WithdrawalRequestedEvent",
  "withdrawal.requested",
  WithdrawalSchema,
  "A withdrawal was requested and its amount reserved (a wallet.changed event follows in the same moment); data is the withdrawal.",
);
export const WithdrawalApprovedEventSchema = accountEvent(
  "WithdrawalApprovedEvent",
  "withdrawal.approved",
  WithdrawalSchema,
  "A withdrawal was approved (by an operator, or automatically under the operator's amount) and will be paid; data is the withdrawal.",
);
export const WithdrawalCompletedEventSchema = accountEvent(
  "WithdrawalCompletedEvent",
  "withdrawal.completed",
  WithdrawalSchema,
  "A withdrawal's payout completed; data is the withdrawal.",
);
export const WithdrawalRejectedEventSchema = accountEvent(
  "WithdrawalRejectedEvent",
  "withdrawal.rejected",
  WithdrawalSchema,
  "An operator rejected a withdrawal (reason says why) and its amount was given back (a wallet.changed event follows); data is the withdrawal.",
);
export const WithdrawalFailedEventSchema = accountEvent(
  "WithdrawalFailedEvent",
  "withdrawal.failed",
  WithdrawalSchema,
  "A withdrawal's payout failed or was cancelled and its amount was given back (a wallet.changed event follows); data is the withdrawal.",
);
export const ShipmentRequestedEventSchema = accountEvent(
  "ShipmentRequestedEvent",
  "shipment.requested",
  ShipmentEventDataSchema,
  "A shipment was requested: its fee was debited (a wallet.changed event follows) and its items are REDEEMING.",
);
export const ShipmentApprovedEventSchema = accountEvent(
  "ShipmentApprovedEvent",
  "shipment.approved",
  ShipmentEventDataSchema,
  "The operator approved a shipment.",
);
export const ShipmentShippedEventSchema = accountEvent(
  "ShipmentShippedEvent",
  "shipment.shipped",
  ShipmentEventDataSchema,
  "A shipment was handed to its carrier: carrier, trackingNumber and trackingUrl are set.",
);
export const ShipmentDeliveredEventSchema = accountEvent(
  "ShipmentDeliveredEvent",
  "shipment.delivered",
  ShipmentEventDataSchema,
  "A shipment was delivered.",
);
export const ShipmentRejectedEventSchema = accountEvent(
  "ShipmentRejectedEvent",
  "shipment.rejected",
  ShipmentEventDataSchema,
  "The operator rejected a shipment (reason): its items are HELD again and its fee refunded (a wallet.changed event follows).",
);
export const ShipmentCancelledEventSchema = accountEvent(
  "ShipmentCancelledEvent",
  "shipment.cancelled",
  ShipmentEventDataSchema,
  "A shipment was cancelled: its items are HELD again and its fee refunded (a wallet.changed event follows).",
);
export const ShipmentReturnedEventSchema = accountEvent(
  "ShipmentReturnedEvent",
  "shipment.returned",
  ShipmentEventDataSchema,
  "A shipped parcel came back to the operator: its items are HELD again; the fee is not refunded.",
);

export const BattleJoinedEventSchema = accountEvent(
  "BattleJoinedEvent",
  "battle.joined",
  BattleSchema,
  "A seat of a battle you sit in was taken (or freed); data is the battle.",
);
export const BattleLockedEventSchema = accountEvent(
  "BattleLockedEvent",
  "battle.locked",
  BattleSchema,
  "A battle you sit in filled: its lockKey K and beacon round R are set, before R exists; data is the battle.",
);
export const BattleSettledEventSchema = accountEvent(
  "BattleSettledEvent",
  "battle.settled",
  BattleSchema,
  "A battle you sit in settled: data is the battle with its whole proof; the winners' items are in their inventories.",
);
export const BattleCancelledEventSchema = accountEvent(
  "BattleCancelledEvent",
  "battle.cancelled",
  BattleSchema,
  "A battle you sat in was cancelled (or you left it) and your entry refunded (a wallet.changed event follows); data is the battle.",
);

export const VerificationChangedEventSchema = accountEvent(
  "VerificationChangedEvent",
  "verification.changed",
  VerificationSchema,
  "The account's identity check changed: started, reviewed, asked for by an operator (or that request withdrawn); data is the check as GET /v1/me/verification answers it.",
);

export const UpgradeCompletedEventSchema = accountEvent(
  "UpgradeCompletedEvent",
  "upgrade.completed",
  UpgradeResultSchema,
  "An upgrade was rolled (won or lost); data is the upgrade response.",
);
export const ExchangeCompletedEventSchema = accountEvent(
  "ExchangeCompletedEvent",
  "exchange.completed",
  ExchangeResultSchema,
  "An exchange completed; data is the exchange response (a wallet.changed event follows when it paid a remainder).",
);
export const LevelReachedEventSchema = accountEvent(
  "LevelReachedEvent",
  "level.reached",
  z.object({
    level: z.number().int().meta({ example: 4 }),
    previousLevel: z.number().int().meta({ example: 3 }),
    xp: z.number().int().meta({ description: "Cents wagered, ever, once the wager that reached it counted.", example: 80_150 }),
  }),
  "A wager took the account to a new level (rewards: GET /v1/rewards).",
);
export const RewardClaimedEventSchema = accountEvent(
  "RewardClaimedEvent",
  "reward.claimed",
  z.object({
    id: z.string().meta({ description: "The reward's claim." }),
    source: RewardSourceSchema,
    amount: MoneyString.meta({ description: "Cash credited (0.00 for the daily case's free opening).", example: "1.27" }),
    spinId: z.string().optional().meta({ description: "With daily: the opening it gave." }),
  }),
  "A reward was claimed: rakeback (a wallet.changed event with reason REWARD follows) or the daily case (an open.completed event follows).",
);

export const AccountEventSchema = z
  .discriminatedUnion("type", [
    OpenCompletedEventSchema,
    ItemSoldEventSchema,
    WalletChangedEventSchema,
    SeedRotatedEventSchema,
    KeyRevokedEventSchema,
    DepositSettledEventSchema,
    WithdrawalRequestedEventSchema,
    WithdrawalApprovedEventSchema,
    WithdrawalCompletedEventSchema,
    WithdrawalRejectedEventSchema,
    WithdrawalFailedEventSchema,
    ShipmentRequestedEventSchema,
    ShipmentApprovedEventSchema,
    ShipmentShippedEventSchema,
    ShipmentDeliveredEventSchema,
    ShipmentRejectedEventSchema,
    ShipmentCancelledEventSchema,
    ShipmentReturnedEventSchema,
    BattleJoinedEventSchema,
    BattleLockedEventSchema,
    BattleSettledEventSchema,
    BattleCancelledEventSchema,
    VerificationChangedEventSchema,
    UpgradeCompletedEventSchema,
    ExchangeCompletedEventSchema,
    LevelReachedEventSchema,
    RewardClaimedEventSchema,
  ])
  .meta({ id: "AccountEvent", description: "One event of the account: its SSE `event:` field and its `type` are the same." });

/** An upgrade won for more than this many times its stake reaches the public drop feed. */
export const UPGRADE_DROP_MULTIPLIER = 5;

export const DropSchema = z
  .object({
    id: EventId,
    at: IsoTimestamp,
    player: z.string().meta({ description: "The player's name masked to its first letter.", example: "J***" }),
    level: z.number().int().min(0).nullable().optional().meta({
      description:
        "The player's level (rewards: GET /v1/rewards) when the feed read the drop, 0 before their first wager; null or absent when unknown.",
      example: 4,
    }),
    pack: z.object({ id: z.string(), slug: z.string(), name: z.string(), price: MoneyString }),
    item: z.object({ id: z.string(), name: z.string(), rarity: RaritySchema, value: MoneyString, image: z.string() }),
    kind: z.enum(["open", "upgrade"]).meta({
      description: `"open": an opening of \`pack\`. "upgrade": an upgrade won for more than ${UPGRADE_DROP_MULTIPLIER}× its stake; \`pack\` is the pack the item comes from.`,
    }),
    upgrade: z
      .object({
        stakeValue: MoneyString,
        multiplier: z.string().meta({ description: "The item's value over the stake's, two decimals (rounded down).", example: "7.24" }),
        chance: z.string().meta({ description: "The chance it was won at, a percentage with three decimals.", example: "12.707" }),
      })
      .optional()
      .meta({ description: "On upgrades only." }),
  })
  .meta({ id: "Drop", description: "A public opening, or an upgrade won for more than five times its stake, as the drop feed shows it." });
