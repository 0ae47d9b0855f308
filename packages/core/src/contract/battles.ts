import { BATTLE_CLIENT_SEED_PATTERN, BATTLE_LAYOUT_NAMES, BATTLE_MAX_ROUNDS, BATTLE_WIN_RULES } from "@prizepacks/fairness";
import { z } from "zod";
import { IsoTimestamp, LeafIndex, MoneyString } from "./fields.ts";

export const BATTLE_STATUSES = ["open", "locked", "settled", "cancelled"] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];
/** An open battle nobody filled is cancelled (and every seat refunded) after this long. */
export const BATTLE_OPEN_MINUTES = 30;

export const BattleLayoutSchema = z
  .enum(BATTLE_LAYOUT_NAMES as [string, ...string[]])
  .meta({ description: "Seats and teams: 1v1, 1v1v1, 1v1v1v1 (one seat a team), 2v2, 3v3 (seats 0-1 / 2-3, 0-2 / 3-5)." });
export const WinRuleSchema = z
  .enum(BATTLE_WIN_RULES as [string, ...string[]])
  .meta({ description: "The team with the highest (or lowest) total takes every item." });
const ClientSeedSchema = z
  .string()
  .regex(BATTLE_CLIENT_SEED_PATTERN, "must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
  .meta({ description: "The seat's client seed (random when not given).", example: "my-seed" });

export const CreateBattleInputSchema = z.object({
  packs: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(BATTLE_MAX_ROUNDS)
    .meta({ description: "One pack (id or slug) per round, 1 to 25, repeats allowed.", example: ["starter-pack", "starter-pack"] }),
  layout: BattleLayoutSchema,
  winRule: WinRuleSchema,
  terminal: z.boolean().optional().meta({ description: "Only the last round counts (default false)." }),
  clientSeed: ClientSeedSchema.optional(),
});
export type CreateBattleInput = z.infer<typeof CreateBattleInputSchema>;

export const JoinBattleInputSchema = z.object({
  seat: z.number().int().min(0).max(5).optional().meta({ description: "The seat to take (the first free one when not given)." }),
  clientSeed: ClientSeedSchema.optional(),
});

export const ListBattlesInputSchema = z.object({
  status: z.enum(BATTLE_STATUSES).optional(),
  player: z.enum(["me"]).optional().meta({ description: "me: only the battles the caller has a seat in (their history)." }),
});

const DrawSchema = z.object({
  seat: z.number().int(),
  hash: z.string().meta({ description: "hmacSha256Hex(G, `draw|<round>|<seat>`)." }),
  ticket: z.number().int(),
  itemId: z.string(),
  value: MoneyString,
});

const PayoutItemSchema = z.object({ round: z.number().int(), seat: z.number().int(), itemId: z.string(), value: MoneyString });

export const BattleSchema = z
  .object({
    id: z.string(),
    status: z.enum(BATTLE_STATUSES),
    layout: BattleLayoutSchema,
    winRule: WinRuleSchema,
    terminal: z.boolean(),
    entry: MoneyString.meta({ description: "What one seat pays: the sum of the rounds' pack prices." }),
    commitment: z.string().meta({ description: "C = sha256Hex(serverSeed), published at creation." }),
    spec: z.string().meta({ description: "The canonical (RFC 8785) spec; it never changes." }),
    specHash: z.string(),
    serverSeed: z.string().nullable().meta({ description: "Revealed once the battle is settled." }),
    lockKey: z.string().nullable().meta({ description: "K, set when the last seat fills." }),
    beacon: z.object({
      kind: z.enum(["drand", "local"]).meta({ description: "local: the service's own beacon (demo mode and tests), not drand." }),
      round: z.number().int().nullable().meta({ description: "R: the beacon round current at lock, plus 2." }),
      randomness: z.string().nullable(),
      signature: z.string().nullable(),
    }),
    seats: z.array(
      z.object({
        seat: z.number().int(),
        team: z.number().int(),
        clientSeed: z.string(),
        bot: z.boolean(),
        player: z.string().nullable().meta({ description: "The player's name masked to its first letter; null for a bot." }),
        you: z.boolean().meta({ description: "The seat is the caller's." }),
      }),
    ),
    rounds: z.array(
      z.object({
        round: z.number().int(),
        packId: z.string(),
        oddsVersion: z.number().int(),
        oddsHash: z.string(),
        price: MoneyString,
        odds: z
          .array(z.object({ itemId: z.string(), ticketFrom: z.number().int(), ticketTo: z.number().int(), value: MoneyString }))
          .meta({ description: "The odds version's ranges with the item values the battle counts (fixed at creation)." }),
        draws: z.array(DrawSchema).meta({ description: "Empty until settled." }),
      }),
    ),
    totals: z.array(MoneyString).nullable().meta({ description: "Per team, once settled." }),
    winnerTeam: z.number().int().nullable(),
    payouts: z
      .array(z.object({ seat: z.number().int(), value: MoneyString, items: z.array(PayoutItemSchema) }))
      .nullable()
      .meta({ description: "The winning team's split, once settled (a bot's share stays with the house)." }),
    createdAt: IsoTimestamp,
    lockedAt: IsoTimestamp.nullable(),
    settledAt: IsoTimestamp.nullable(),
    cancelledAt: IsoTimestamp.nullable(),
    leafIndex: LeafIndex,
  })
  .meta({
    id: "Battle",
    description: "A pack battle. A settled battle's answer is its whole battle/v1 proof (verifyBattle in @prizepacks/fairness).",
  });
export type Battle = z.infer<typeof BattleSchema>;

export const BattleListSchema = z.object({ battles: z.array(BattleSchema) }).meta({ id: "BattleList" });
