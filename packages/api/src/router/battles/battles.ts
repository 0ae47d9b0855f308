import { addBattleBots, createBattle, getBattle, joinBattle, leaveBattle, listBattles, listRoundOdds } from "@prizepacks/core";
import { z } from "zod";
import { accountMutationProcedure, accountProcedure, battleSeatProcedure, wellFormedBody } from "../../trpc.ts";
import {
  battleBotsMeta,
  battleIdInput,
  battleListOutput,
  battleOutput,
  createBattleInput,
  createBattleMeta,
  getBattleMeta,
  joinBattleInput,
  joinBattleMeta,
  leaveBattleMeta,
  listBattlesInput,
  listBattlesMeta,
} from "./battles.types.ts";

export const listBattlesRoute = accountProcedure
  .meta(listBattlesMeta)
  .input(listBattlesInput)
  .output(battleListOutput)
  .query(async ({ ctx, input }) => ({ battles: await listBattles(ctx.services, ctx.userId, input) }));

export const createBattleRoute = battleSeatProcedure
  .meta(createBattleMeta)
  .use(wellFormedBody)
  .input(createBattleInput)
  .output(battleOutput)
  .mutation(({ ctx, input }) =>
    createBattle(ctx.services, ctx.userId, input, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );

export const joinBattleRoute = battleSeatProcedure
  .meta(joinBattleMeta)
  .use(wellFormedBody)
  .input(joinBattleInput)
  .output(battleOutput)
  .mutation(({ ctx, input: { id, ...seat } }) =>
    joinBattle(ctx.services, ctx.userId, id, seat, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );

export const addBattleBotsRoute = accountMutationProcedure
  .meta(battleBotsMeta)
  .input(battleIdInput)
  .output(battleOutput)
  .mutation(({ ctx, input }) => addBattleBots(ctx.services, ctx.userId, input.id));

export const leaveBattleRoute = accountMutationProcedure
  .meta(leaveBattleMeta)
  .input(battleIdInput)
  .output(battleOutput)
  .mutation(({ ctx, input }) => leaveBattle(ctx.services, ctx.userId, input.id));

export const getBattleRoute = accountProcedure
  .meta(getBattleMeta)
  .input(battleIdInput)
  .output(battleOutput)
  .query(({ ctx, input }) => getBattle(ctx.services, ctx.userId, input.id));

/**
 * The public odds versions a battle's spec names (each round's pack id and odds hash), with item
 * values: what the battle page's reels show and its in-browser verifier re-derives the draws
 * from. The web app's only (no REST route): bots read the same from the battle's own answer.
 */
export const battleRoundOddsRoute = accountProcedure
  .input(
    z.object({
      rounds: z
        .array(z.object({ packId: z.string().min(1).max(200), oddsHash: z.string().regex(/^[0-9a-f]{64}$/) }))
        .min(1)
        .max(25),
    }),
  )
  .query(({ ctx, input }) => listRoundOdds(ctx.services, input.rounds));
