import { getFairnessState, rotateSeedPair } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, wellFormedBody } from "../../trpc.ts";
import {
  getFairnessInput,
  getFairnessMeta,
  getFairnessOutput,
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
