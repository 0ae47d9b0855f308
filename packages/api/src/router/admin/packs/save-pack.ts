import { savePack } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { savePackInput } from "./save-pack.types.ts";

export const savePackRoute = adminProcedure.input(savePackInput).mutation(({ ctx, input }) => savePack(ctx.services, ctx.actor, input));
