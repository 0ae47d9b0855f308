import { claimRakeback, getRewards, openDailyCase, redeemPromoCode } from "@prizepacks/core";
import { accountProcedure, rewardClaimProcedure, wellFormedBody } from "../../trpc.ts";
import {
  claimRakebackInput,
  claimRakebackMeta,
  claimRakebackOutput,
  getRewardsInput,
  getRewardsMeta,
  getRewardsOutput,
  openDailyCaseInput,
  openDailyCaseMeta,
  openDailyCaseOutput,
  redeemPromoCodeInput,
  redeemPromoCodeMeta,
  redeemPromoCodeOutput,
} from "./rewards.types.ts";

export const getRewardsRoute = accountProcedure
  .meta(getRewardsMeta)
  .input(getRewardsInput)
  .output(getRewardsOutput)
  .query(({ ctx }) => getRewards(ctx.services, ctx.userId));

export const claimRakebackRoute = rewardClaimProcedure
  .meta(claimRakebackMeta)
  .use(wellFormedBody)
  .input(claimRakebackInput)
  .output(claimRakebackOutput)
  .mutation(({ ctx }) => claimRakeback(ctx.services, ctx.userId, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }));

export const openDailyCaseRoute = rewardClaimProcedure
  .meta(openDailyCaseMeta)
  .use(wellFormedBody)
  .input(openDailyCaseInput)
  .output(openDailyCaseOutput)
  .mutation(({ ctx }) => openDailyCase(ctx.services, ctx.userId, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }));

export const redeemPromoCodeRoute = rewardClaimProcedure
  .meta(redeemPromoCodeMeta)
  .use(wellFormedBody)
  .input(redeemPromoCodeInput)
  .output(redeemPromoCodeOutput)
  .mutation(({ ctx, input }) =>
    redeemPromoCode(ctx.services, ctx.userId, input, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );
