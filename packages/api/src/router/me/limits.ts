import { confirmLimitChange, getPlayerProtection, setLimit } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, sessionProcedure, wellFormedBody } from "../../trpc.ts";
import {
  confirmLimitChangeInput,
  confirmLimitChangeOutput,
  getLimitsInput,
  getLimitsMeta,
  getLimitsOutput,
  setLimitInput,
  setLimitMeta,
  setLimitOutput,
} from "./limits.types.ts";

export const getLimitsRoute = accountProcedure
  .meta(getLimitsMeta)
  .input(getLimitsInput)
  .output(getLimitsOutput)
  .query(({ ctx }) => getPlayerProtection(ctx.services, ctx.userId));

export const setLimitRoute = accountMutationProcedure
  .meta(setLimitMeta)
  .use(wellFormedBody)
  .input(setLimitInput)
  .output(setLimitOutput)
  .mutation(({ ctx, input }) => setLimit(ctx.services, ctx.userId, input));

export const confirmLimitChangeRoute = sessionProcedure
  .input(confirmLimitChangeInput)
  .output(confirmLimitChangeOutput)
  .mutation(({ ctx, input }) => confirmLimitChange(ctx.services, ctx.userId, input));
