import { sessionProcedure } from "../../trpc.ts";
import { getSecondFactorStatusInput, getSecondFactorStatusOutput } from "./second-factor.types.ts";

/** Whether the signed-in player has two-factor authentication on, for pages that need it (withdrawals). */
export const getSecondFactorStatusRoute = sessionProcedure
  .input(getSecondFactorStatusInput)
  .output(getSecondFactorStatusOutput)
  .query(async ({ ctx }) => {
    const user = await ctx.services.database.prisma.user.findUniqueOrThrow({
      where: { id: ctx.userId },
      select: { twoFactorEnabled: true },
    });
    return { enabled: user.twoFactorEnabled };
  });
