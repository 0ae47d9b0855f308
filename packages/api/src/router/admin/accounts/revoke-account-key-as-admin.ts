import { revokeAccountKeyAsAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { revokeAccountKeyAsAdminInput } from "./revoke-account-key-as-admin.types.ts";

export const revokeAccountKeyAsAdminRoute = adminProcedure
  .input(revokeAccountKeyAsAdminInput)
  .mutation(({ ctx, input }) => revokeAccountKeyAsAdmin(ctx.services, ctx.actor, input));
