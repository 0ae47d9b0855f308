import { getFairnessState, rotateSeedPair } from "@prizepacks/core";
import { assertWellFormedBody } from "../../context.ts";
import { accountMutationProcedure, accountProcedure } from "../../trpc.ts";
import {
  getFairnessInput,
  getFairnessMeta,
  getFairnessOutput,
  rotateSeedInput,
  rotateSeedMeta,
  rotateSeedOutput,
} from "./fairness.types.ts";

export const getFairness = accountProcedure
  .meta(getFairnessMeta)
  .input(getFairnessInput)
  .output(getFairnessOutput)
  .query(({ ctx }) => getFairnessState(ctx.db, ctx.userId));

export const rotateSeed = accountMutationProcedure
  .meta(rotateSeedMeta)
  .input(rotateSeedInput)
  .output(rotateSeedOutput)
  .mutation(({ ctx, input }) => {
    assertWellFormedBody(ctx);
    return rotateSeedPair(ctx.db, { userId: ctx.userId, clientSeed: input.clientSeed });
  });
