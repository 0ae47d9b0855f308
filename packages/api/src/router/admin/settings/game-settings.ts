import { getGameSettings, setGameSetting } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setGameSettingInput } from "./game-settings.types.ts";

/** The upgrader's edge and cap and the exchange's fee (#38), money settings: see MONEY_SETTINGS. */
export const getGameSettingsRoute = adminProcedure.query(({ ctx }) => getGameSettings(ctx.services));

export const setGameSettingRoute = adminProcedure
  .input(setGameSettingInput)
  .mutation(({ ctx, input }) => setGameSetting(ctx.services, ctx.actor, input));
