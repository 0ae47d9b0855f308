import { getRewardSpend } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getRewardSpendInput } from "./get-reward-spend.types.ts";

/** Reward spend per UTC day and source, against the daily budget. */
export const getRewardSpendRoute = adminProcedure.input(getRewardSpendInput).query(({ ctx, input }) => getRewardSpend(ctx.services, input));
