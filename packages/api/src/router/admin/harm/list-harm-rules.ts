import { listHarmRules } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

export const listHarmRulesRoute = adminProcedure.query(({ ctx }) => listHarmRules(ctx.services));
