import { GameSettingChangeSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setGameSetting.
export const setGameSettingInput = GameSettingChangeSchema;
