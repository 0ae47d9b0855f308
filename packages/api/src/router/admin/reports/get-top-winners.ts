import { getTopWinners } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getTopWinnersInput } from "./get-top-winners.types.ts";

export const getTopWinnersRoute = adminProcedure.input(getTopWinnersInput).query(({ ctx, input }) => getTopWinners(ctx.services, input));
