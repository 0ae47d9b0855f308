import { getAccount } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { getMeInput, getMeMeta, getMeOutput } from "./get-me.types.ts";

export const getMeRoute = accountProcedure
  .meta(getMeMeta)
  .input(getMeInput)
  .output(getMeOutput)
  .query(({ ctx }) => getAccount(ctx.services, ctx.userId));
