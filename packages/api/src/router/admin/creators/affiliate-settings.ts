import { getAffiliateSettings, setAffiliateSettings } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setAffiliateSettingsInput } from "./affiliate-settings.types.ts";

/**
 * Creator codes' settings (#39): the switch, the windows and the welcome reward. The commission
 * rate is a money setting (commission_bps, through the reward money settings: a raise waits for a
 * second admin).
 */
export const getAffiliateSettingsRoute = adminProcedure.query(({ ctx }) => getAffiliateSettings(ctx.services));

export const setAffiliateSettingsRoute = adminProcedure
  .input(setAffiliateSettingsInput)
  .mutation(({ ctx, input }) => setAffiliateSettings(ctx.services, ctx.actor, input));
