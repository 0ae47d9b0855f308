import { excludeOnPlayersRequest } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { excludeOnRequestInput } from "./exclude-on-request.types.ts";

// There is deliberately no procedure to lift an exclusion or raise a player's limit.
export const excludeOnRequestRoute = adminProcedure
  .input(excludeOnRequestInput)
  .mutation(({ ctx, input }) => excludeOnPlayersRequest(ctx.services, ctx.actor, input));
