import { setAccountRole } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setAccountRoleInput } from "./set-account-role.types.ts";

export const setAccountRoleRoute = adminProcedure
  .input(setAccountRoleInput)
  .mutation(({ ctx, input }) => setAccountRole(ctx.services, ctx.actor, input));
