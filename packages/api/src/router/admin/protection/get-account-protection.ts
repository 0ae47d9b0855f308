import { getAccountProtectionForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getAccountProtectionInput } from "./get-account-protection.types.ts";

export const getAccountProtectionRoute = adminProcedure
  .input(getAccountProtectionInput)
  .query(({ ctx, input }) => getAccountProtectionForAdmin(ctx.services, input));
