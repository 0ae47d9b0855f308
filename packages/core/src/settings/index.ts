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
export { GAME_SETTINGS, type GameSettings } from "./money-settings.ts";
export { GameSettingChangeSchema, getGameSettings, setGameSetting } from "./game-settings.ts";
