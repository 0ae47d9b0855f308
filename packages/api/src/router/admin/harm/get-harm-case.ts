import { getHarmCase } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getHarmCaseInput } from "./harm-admin.types.ts";

export const getHarmCaseRoute = adminProcedure.input(getHarmCaseInput).query(({ ctx, input }) => getHarmCase(ctx.services, input));
