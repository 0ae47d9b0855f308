import { SettingChangeDecisionSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside decideSettingChange.
export const decideSettingChangeInput = SettingChangeDecisionSchema;
