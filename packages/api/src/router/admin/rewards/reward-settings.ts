import { getRewardSettings, listRewardLevels, setRewardLevel, setRewardMoneySetting, setRewardSwitches } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setRewardLevelInput, setRewardMoneySettingInput, setRewardSwitchesInput } from "./reward-settings.types.ts";

/** The reward settings in force and the level table (#39). */
export const getRewardSettingsRoute = adminProcedure.query(async ({ ctx }) => {
  const [settings, levels] = await Promise.all([getRewardSettings(ctx.services), listRewardLevels(ctx.services.database.prisma)]);
  return { settings, levels };
});

/** One level of the table: applies at once, logged (what rakeback may cost is capped by the daily budget). */
export const setRewardLevelRoute = adminProcedure
  .input(setRewardLevelInput)
  .mutation(({ ctx, input }) => setRewardLevel(ctx.services, ctx.actor, input));

/** Each reward kind on or off: at once, logged. */
export const setRewardSwitchesRoute = adminProcedure
  .input(setRewardSwitchesInput)
  .mutation(({ ctx, input }) => setRewardSwitches(ctx.services, ctx.actor, input));

/** The daily budget and the daily case's minimum wager: money settings (a loosening waits for a second admin). */
export const setRewardMoneySettingRoute = adminProcedure
  .input(setRewardMoneySettingInput)
  .mutation(({ ctx, input }) => setRewardMoneySetting(ctx.services, ctx.actor, input));
