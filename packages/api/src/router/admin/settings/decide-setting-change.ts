import { decideSettingChange } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { decideSettingChangeInput } from "./decide-setting-change.types.ts";

export const decideSettingChangeRoute = adminProcedure
  .input(decideSettingChangeInput)
  .mutation(({ ctx, input }) => decideSettingChange(ctx.services, ctx.actor, input));
