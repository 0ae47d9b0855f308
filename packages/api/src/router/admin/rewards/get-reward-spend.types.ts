import { RewardSpendQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getRewardSpend.
export const getRewardSpendInput = RewardSpendQuerySchema;
