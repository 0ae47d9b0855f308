import { listSaferPlayAccounts } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listSaferPlayInput } from "./list-safer-play.types.ts";

export const listSaferPlayRoute = adminProcedure
  .input(listSaferPlayInput)
  .query(({ ctx, input }) => listSaferPlayAccounts(ctx.services, input));
