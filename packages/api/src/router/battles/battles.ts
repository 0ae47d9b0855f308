import { addBattleBots, createBattle, getBattle, joinBattle, leaveBattle, listBattles } from "@prizepacks/core";
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
