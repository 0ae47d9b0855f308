import { deletePack } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { deletePackInput } from "./delete-pack.types.ts";

export const deletePackRoute = adminProcedure
  .input(deletePackInput)
  .mutation(({ ctx, input }) => deletePack(ctx.services, input, ctx.actor));
