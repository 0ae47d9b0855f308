import { diffOddsVersions } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { diffOddsVersionsInput } from "./diff-odds-versions.types.ts";

export const diffOddsVersionsRoute = adminProcedure
  .input(diffOddsVersionsInput)
  .query(({ ctx, input }) => diffOddsVersions(ctx.services, input));
