import { setPackActive } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setPackActiveInput } from "./set-pack-active.types.ts";

export const setPackActiveRoute = adminProcedure
  .input(setPackActiveInput)
  .mutation(({ ctx, input }) => setPackActive(ctx.services, input, ctx.actor));
