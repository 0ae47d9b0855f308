import { archivePack } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { archivePackInput } from "./archive-pack.types.ts";

export const archivePackRoute = adminProcedure
  .input(archivePackInput)
  .mutation(({ ctx, input }) => archivePack(ctx.services, input, ctx.actor));
