import { requestVerificationAsAdmin, requireHarmCaseVerification } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { requireHarmCaseVerificationInput } from "./harm-admin.types.ts";

// The verification feature's own request, handed in (harm does not import verification).
export const requireHarmCaseVerificationRoute = adminProcedure
  .input(requireHarmCaseVerificationInput)
  .mutation(({ ctx, input }) =>
    requireHarmCaseVerification(ctx.services, ctx.actor, input, { requestVerification: requestVerificationAsAdmin }),
  );
