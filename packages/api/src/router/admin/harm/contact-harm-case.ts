import { contactHarmCasePlayer } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { contactHarmCaseInput } from "./harm-admin.types.ts";

export const contactHarmCaseRoute = adminProcedure
  .input(contactHarmCaseInput)
  .mutation(({ ctx, input }) => contactHarmCasePlayer(ctx.services, ctx.actor, input, { mailer: ctx.mailer }));
