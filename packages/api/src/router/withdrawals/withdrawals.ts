import { getWithdrawal, listWithdrawals, requestWithdrawal } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, middleware, wellFormedBody } from "../../trpc.ts";
import { requireSecondFactor, webOnly } from "./second-factor.ts";
import {
  createWithdrawalInput,
  createWithdrawalMeta,
  createWithdrawalOutput,
  getWithdrawalInput,
  getWithdrawalMeta,
  getWithdrawalOutput,
  listWithdrawalsInput,
  listWithdrawalsMeta,
  listWithdrawalsOutput,
} from "./withdrawals.types.ts";

/** An API key is refused before its body is read: whatever it sends, the answer is the same 403. */
export const webSessionOnly = middleware(({ ctx, next }) => {
  if (ctx.source !== "web") throw webOnly();
  return next();
});

export const createWithdrawalRoute = accountMutationProcedure
  .meta(createWithdrawalMeta)
  .use(webSessionOnly)
  .use(wellFormedBody)
  .input(createWithdrawalInput)
  .output(createWithdrawalOutput)
  .mutation(({ ctx, input }) =>
    requestWithdrawal(
      ctx.services,
      { userId: ctx.userId, amount: input.amount, destinationId: input.destinationId },
      {
        idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined,
        // After a replay (whose code the first request used up), before anything is reserved.
        checkSecondFactor: () => requireSecondFactor(ctx, ctx.userId, input.code),
      },
    ),
  );

export const listWithdrawalsRoute = accountProcedure
  .meta(listWithdrawalsMeta)
  .input(listWithdrawalsInput)
  .output(listWithdrawalsOutput)
  .query(({ ctx, input }) => listWithdrawals(ctx.services, { userId: ctx.userId, ...input }));

export const getWithdrawalRoute = accountProcedure
  .meta(getWithdrawalMeta)
  .input(getWithdrawalInput)
  .output(getWithdrawalOutput)
  .query(({ ctx, input }) => getWithdrawal(ctx.services, ctx.userId, input.id));
