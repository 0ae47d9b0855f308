import { BATTLE_CLIENT_SEED_PATTERN, BATTLE_LAYOUT_NAMES, BATTLE_MAX_ROUNDS, BATTLE_WIN_RULES } from "@prizepacks/fairness";
import { z } from "zod";

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
export type JoinBattleInput = z.infer<typeof JoinBattleInputSchema>;

export const ListBattlesInputSchema = z.object({
  status: z.enum(BATTLE_STATUSES).optional(),
  player: z.enum(["me"]).optional().meta({ description: "me: only the battles the caller has a seat in (their history)." }),
});
