import { requestResume, setOwnExclusion } from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import { requestResumeInput, requestResumeOutput, setExclusionInput, setExclusionOutput } from "./exclusion.types.ts";

export const setExclusionRoute = sessionProcedure
  .input(setExclusionInput)
  .output(setExclusionOutput)
  .mutation(({ ctx, input }) => setOwnExclusion(ctx.services, ctx.userId, input));

export const requestResumeRoute = sessionProcedure
  .input(requestResumeInput)
  .output(requestResumeOutput)
  .mutation(({ ctx }) => requestResume(ctx.services, ctx.userId));
