import { RewardLevelChangeSchema, RewardMoneySettingSchema, RewardSwitchesSchema } from "@prizepacks/core";

// The inputs are the domain's own schemas, written once beside setRewardLevel, setRewardSwitches and setRewardMoneySetting.
export const setRewardLevelInput = RewardLevelChangeSchema;
export const setRewardSwitchesInput = RewardSwitchesSchema;
export const setRewardMoneySettingInput = RewardMoneySettingSchema;
