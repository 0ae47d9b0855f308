export {
  listPendingSettingChanges,
  MONEY_SETTINGS,
  type MoneySettingChange,
  type MoneySettingName,
  type PendingSettingChangeRow,
} from "./money-settings.ts";
export {
  decideSettingChange,
  SettingChangeDecisionSchema,
  type SettingChangeDecision,
  type SettingChangeDecisionResult,
} from "./decide-setting-change.ts";
