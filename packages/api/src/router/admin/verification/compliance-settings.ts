import { getComplianceSettings, setComplianceSettings } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setComplianceSettingsInput } from "./verification-admin.types.ts";

export const getComplianceSettingsRoute = adminProcedure.query(({ ctx }) => getComplianceSettings(ctx.services));

export const setComplianceSettingsRoute = adminProcedure
  .input(setComplianceSettingsInput)
  .mutation(({ ctx, input }) => setComplianceSettings(ctx.services, ctx.actor, input));
