import { AppError, demoDepositsEnabled, depositDemoFunds, getWalletBalance, listLedgerEntries, isDemoMode } from "@prizepacks/core";
import { accountProcedure, sessionProcedure } from "../../trpc.ts";
import {
  depositInput,
  depositOutput,
  getWalletInput,
  getWalletMeta,
  getWalletOutput,
  listLedgerInput,
  listLedgerMeta,
  listLedgerOutput,
} from "./wallet.types.ts";

export const getWalletRoute = accountProcedure
  .meta(getWalletMeta)
  .input(getWalletInput)
  .output(getWalletOutput)
  .query(({ ctx }) => getWalletBalance(ctx.services, ctx.userId));

export const listLedgerRoute = accountProcedure
  .meta(listLedgerMeta)
  .input(listLedgerInput)
  .output(listLedgerOutput)
  .query(({ ctx, input }) => listLedgerEntries(ctx.services, { userId: ctx.userId, ...input }));

export const depositRoute = sessionProcedure
  .input(depositInput)
  .output(depositOutput)
  .mutation(({ ctx, input }) => {
    if (!demoDepositsEnabled()) {
      throw new AppError(
        "FORBIDDEN",
        isDemoMode() ? "Demo deposits are turned off." : "Deposits are not available: demo deposits exist only in demo mode.",
      );
    }
    return depositDemoFunds(ctx.services, { userId: ctx.userId, amount: input.amount });
  });
