import { createPromoCode, disablePromoCode, listPromoCodes } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { createPromoCodeInput, disablePromoCodeInput } from "./promo-codes.types.ts";

/** Every promo code, newest first, with its redemptions and state. */
export const listPromoCodesRoute = adminProcedure.query(({ ctx }) => listPromoCodes(ctx.services));

export const createPromoCodeRoute = adminProcedure
  .input(createPromoCodeInput)
  .mutation(({ ctx, input }) => createPromoCode(ctx.services, ctx.actor, input));

export const disablePromoCodeRoute = adminProcedure
  .input(disablePromoCodeInput)
  .mutation(({ ctx, input }) => disablePromoCode(ctx.services, ctx.actor, input));
