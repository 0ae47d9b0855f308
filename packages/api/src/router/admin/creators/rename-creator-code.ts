import { renameCreatorCode } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { renameCreatorCodeInput } from "./rename-creator-code.types.ts";

export const renameCreatorCodeRoute = adminProcedure
  .input(renameCreatorCodeInput)
  .mutation(({ ctx, input }) => renameCreatorCode(ctx.services, ctx.actor, input));
