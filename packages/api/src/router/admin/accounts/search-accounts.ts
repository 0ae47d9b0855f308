import { searchAccounts } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { searchAccountsInput } from "./search-accounts.types.ts";

export const searchAccountsRoute = adminProcedure
  .input(searchAccountsInput)
  .query(({ ctx, input }) => searchAccounts(ctx.services, input.query));
