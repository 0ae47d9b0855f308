import { requireHarmCaseVerification } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { requireHarmCaseVerificationInput } from "./harm-admin.types.ts";

// FOLLOW-UP: hand in requestVerificationAsAdmin (packages/core/src/verification) once it lands;
// until then the action answers FORBIDDEN "not available yet" and does nothing.
export const requireHarmCaseVerificationRoute = adminProcedure
  .input(requireHarmCaseVerificationInput)
  .mutation(({ ctx, input }) => requireHarmCaseVerification(ctx.services, ctx.actor, input, { requestVerification: null }));
