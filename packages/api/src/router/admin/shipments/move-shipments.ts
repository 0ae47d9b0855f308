import { moveShipmentsAsAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { moveShipmentsInput } from "./move-shipments.types.ts";

/** Approve, reject (reason), mark shipped (carrier, tracking number), delivered or returned: one or many. */
export const moveShipmentsRoute = adminProcedure
  .input(moveShipmentsInput)
  .mutation(({ ctx, input }) => moveShipmentsAsAdmin(ctx.services, ctx.actor, input));
