import { setRtpRange } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setRtpRangeInput } from "./set-rtp-range.types.ts";

export const setRtpRangeRoute = adminProcedure
  .input(setRtpRangeInput)
  .mutation(({ ctx, input }) => setRtpRange(ctx.services, ctx.actor, input));
