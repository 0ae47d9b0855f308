import { getAccountForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getAccountForAdminInput } from "./get-account-for-admin.types.ts";

export const getAccountForAdminRoute = adminProcedure
  .input(getAccountForAdminInput)
  .query(({ ctx, input }) => getAccountForAdmin(ctx.services, input.userId));
