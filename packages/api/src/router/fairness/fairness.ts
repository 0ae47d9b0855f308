import { getFairnessState, getOddsTable, getRevealedSeed, rotateSeedPair } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, publicReadProcedure, wellFormedBody } from "../../trpc.ts";
import {
  getFairnessInput,
  getFairnessMeta,
  getFairnessOutput,
  getOddsTableInput,
  getOddsTableMeta,
  getOddsTableOutput,
  getRevealedSeedInput,
  getRevealedSeedMeta,
  getRevealedSeedOutput,
  rotateSeedInput,
  rotateSeedMeta,
  rotateSeedOutput,
} from "./fairness.types.ts";

export const getFairnessRoute = accountProcedure
  .meta(getFairnessMeta)
  .input(getFairnessInput)
  .output(getFairnessOutput)
  .query(({ ctx }) => getFairnessState(ctx.services, ctx.userId));

export const rotateSeedRoute = accountMutationProcedure
  .meta(rotateSeedMeta)
  .use(wellFormedBody)
  .input(rotateSeedInput)
  .output(rotateSeedOutput)
  .mutation(({ ctx, input }) => rotateSeedPair(ctx.services, { userId: ctx.userId, clientSeed: input.clientSeed }));

export const getRevealedSeedRoute = publicReadProcedure
  .meta(getRevealedSeedMeta)
  .input(getRevealedSeedInput)
  .output(getRevealedSeedOutput)
  .query(({ ctx, input }) => getRevealedSeed(ctx.services, input.serverSeedHash));

export const getOddsTableRoute = publicReadProcedure
  .meta(getOddsTableMeta)
  .input(getOddsTableInput)
  .output(getOddsTableOutput)
  .query(({ ctx, input }) => getOddsTable(ctx.services, input.oddsHash));
