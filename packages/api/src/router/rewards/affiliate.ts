import {
  claimCommission,
  claimWelcomeReward,
  createCreatorCode,
  enterReferralCode,
  getAffiliate,
  getReferralStatus,
} from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, rewardClaimProcedure, wellFormedBody } from "../../trpc.ts";
import {
  claimCommissionInput,
  claimCommissionMeta,
  claimCommissionOutput,
  claimWelcomeInput,
  claimWelcomeMeta,
  claimWelcomeOutput,
  createCreatorCodeInput,
  createCreatorCodeMeta,
  createCreatorCodeOutput,
  enterReferralInput,
  enterReferralMeta,
  enterReferralOutput,
  getAffiliateInput,
  getAffiliateMeta,
  getAffiliateOutput,
  getReferralInput,
  getReferralMeta,
  getReferralOutput,
} from "./affiliate.types.ts";

const idempotencyKey = (headers: { get(name: string): string | null }) => ({ idempotencyKey: headers.get("idempotency-key") ?? undefined });

export const getAffiliateRoute = accountProcedure
  .meta(getAffiliateMeta)
  .input(getAffiliateInput)
  .output(getAffiliateOutput)
  .query(({ ctx }) => getAffiliate(ctx.services, ctx.userId));

export const createCreatorCodeRoute = accountMutationProcedure
  .meta(createCreatorCodeMeta)
  .use(wellFormedBody)
  .input(createCreatorCodeInput)
  .output(createCreatorCodeOutput)
  .mutation(({ ctx, input }) => createCreatorCode(ctx.services, ctx.userId, input));

export const claimCommissionRoute = rewardClaimProcedure
  .meta(claimCommissionMeta)
  .use(wellFormedBody)
  .input(claimCommissionInput)
  .output(claimCommissionOutput)
  .mutation(({ ctx }) => claimCommission(ctx.services, ctx.userId, idempotencyKey(ctx.headers)));

export const getReferralRoute = accountProcedure
  .meta(getReferralMeta)
  .input(getReferralInput)
  .output(getReferralOutput)
  .query(({ ctx }) => getReferralStatus(ctx.services, ctx.userId));

export const enterReferralRoute = accountMutationProcedure
  .meta(enterReferralMeta)
  .use(wellFormedBody)
  .input(enterReferralInput)
  .output(enterReferralOutput)
  .mutation(({ ctx, input }) => enterReferralCode(ctx.services, ctx.userId, input));

export const claimWelcomeRoute = rewardClaimProcedure
  .meta(claimWelcomeMeta)
  .use(wellFormedBody)
  .input(claimWelcomeInput)
  .output(claimWelcomeOutput)
  .mutation(({ ctx }) => claimWelcomeReward(ctx.services, ctx.userId, idempotencyKey(ctx.headers)));
