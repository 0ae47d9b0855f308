import { listPendingSettingChanges } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The Approvals page: raises of money settings waiting for a second admin. */
export const listPendingSettingChangesRoute = adminProcedure.query(async ({ ctx }) => ({
  viewerId: ctx.actor.id,
  changes: await listPendingSettingChanges(ctx.services),
}));
