import { getPackForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getPackForAdminInput } from "./get-pack-for-admin.types.ts";

export const getPackForAdminRoute = adminProcedure
  .input(getPackForAdminInput)
  .query(({ ctx, input }) => getPackForAdmin(ctx.services, input.slug));
