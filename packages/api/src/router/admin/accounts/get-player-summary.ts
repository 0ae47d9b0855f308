import { getPlayerSummary } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getPlayerSummaryInput } from "./get-player-summary.types.ts";

export const getPlayerSummaryRoute = adminProcedure
  .input(getPlayerSummaryInput)
  .query(({ ctx, input }) => getPlayerSummary(ctx.services, input.userId));
