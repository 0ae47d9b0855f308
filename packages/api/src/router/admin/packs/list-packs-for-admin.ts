import { listPacksForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listPacksForAdminInput } from "./list-packs-for-admin.types.ts";

export const listPacksForAdminRoute = adminProcedure
  .input(listPacksForAdminInput)
  .query(({ ctx, input }) => listPacksForAdmin(ctx.services, input));
