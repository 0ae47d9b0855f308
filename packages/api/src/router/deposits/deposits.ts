import { AppError, createDeposit, getDeposit, isDemoMode, listDeposits } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, wellFormedBody } from "../../trpc.ts";
import {
  createDepositInput,
  createDepositMeta,
  createDepositOutput,
  getDepositInput,
  getDepositMeta,
  getDepositOutput,
  listDepositsInput,
  listDepositsMeta,
  listDepositsOutput,
} from "./deposits.types.ts";

export const createDepositRoute = accountMutationProcedure
  .meta(createDepositMeta)
  .use(wellFormedBody)
  .input(createDepositInput)
  .output(createDepositOutput)
  .mutation(({ ctx, input }) => {
    const provider = ctx.services.deposits;
    if (!provider) {
      throw new AppError(
        "FORBIDDEN",
        isDemoMode() ? "Demo deposits are turned off." : "Deposits are not available: no payment server is configured.",
      );
    }
    return createDeposit(ctx.services, provider, {
      userId: ctx.userId,
      amount: input.amount,
      idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined,
      returnPath: (id) => `/wallet?deposit=${encodeURIComponent(id)}`,
    });
  });

export const listDepositsRoute = accountProcedure
  .meta(listDepositsMeta)
  .input(listDepositsInput)
  .output(listDepositsOutput)
  .query(({ ctx, input }) => listDeposits(ctx.services, { userId: ctx.userId, ...input }));

export const getDepositRoute = accountProcedure
  .meta(getDepositMeta)
  .input(getDepositInput)
  .output(getDepositOutput)
  .query(({ ctx, input }) => getDeposit(ctx.services, ctx.userId, input.id));
