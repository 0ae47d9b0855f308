import { disableCreatorCode } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { disableCreatorCodeInput } from "./disable-creator-code.types.ts";

export const disableCreatorCodeRoute = adminProcedure
  .input(disableCreatorCodeInput)
  .mutation(({ ctx, input }) => disableCreatorCode(ctx.services, ctx.actor, input));
