export * from "../contract/rewards.ts";
export { claimRakeback } from "./claim-rakeback.ts";
export {
  checkSignUpReferralCode,
  claimCommission,
  claimWelcomeReward,
  enterSignUpReferralCode,
  createCreatorCode,
  enterReferralCode,
  getAffiliate,
  getReferralStatus,
  REFERRAL_ACTIVE_DAYS,
} from "./affiliate.ts";
export {
  CreatorCodeDisableSchema,
  CreatorCodeRenameSchema,
  disableCreatorCode,
  getCreatorReport,
  renameCreatorCode,
  type CreatorReport,
  type CreatorReportRow,
} from "./creator-report.ts";
export { openDailyCase } from "./open-daily-case.ts";
export {
  createPromoCode,
  disablePromoCode,
  listPromoCodes,
  PromoCreateSchema,
  PromoDisableSchema,
  redeemPromoCode,
  type PromoCodeState,
  type PromoCodeView,
} from "./promo-codes.ts";
export { getRewardSpend, RewardSpendQuerySchema, type RewardSpendReport } from "./reward-spend.ts";
export { DAILY_CASE_INTERVAL_HOURS, getRewards } from "./get-rewards.ts";
export { assertRewardAllowed, findRewardRefusal, rewardRefusalError, type RewardRefusal } from "./reward-refusal.ts";
export {
  AffiliateSettingsSchema,
  getAffiliateSettings,
  getRewardSettings,
  setAffiliateSettings,
  type AffiliateSettings,
  listRewardLevels,
  RewardLevelChangeSchema,
  RewardMoneySettingSchema,
  RewardSwitchesSchema,
  setRewardLevel,
  setRewardMoneySetting,
  setRewardSwitches,
  type RewardLevelRow,
  type RewardSettings,
} from "./reward-settings.ts";
