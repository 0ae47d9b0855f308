import { listPendingRoleGrants, listPendingSettingChanges } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The Approvals page: raises of money settings and grants of the admin role waiting for a second admin. */
export const listPendingSettingChangesRoute = adminProcedure.query(async ({ ctx }) => ({
  viewerId: ctx.actor.id,
  changes: await listPendingSettingChanges(ctx.services),
  roleGrants: await listPendingRoleGrants(ctx.services),
}));
