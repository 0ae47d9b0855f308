import { getVerification, startVerification } from "@prizepacks/core";
import { accountProcedure, sessionProcedure } from "../../trpc.ts";
import {
  getVerificationInput,
  getVerificationMeta,
  getVerificationOutput,
  startVerificationInput,
  startVerificationOutput,
} from "./verification.types.ts";

export const getVerificationRoute = accountProcedure
  .meta(getVerificationMeta)
  .input(getVerificationInput)
  .output(getVerificationOutput)
  .query(({ ctx }) => getVerification(ctx.services, ctx.userId));

export const startVerificationRoute = sessionProcedure
  .input(startVerificationInput)
  .output(startVerificationOutput)
  .mutation(({ ctx }) => startVerification(ctx.services, ctx.userId));
