import { PromoCreateSchema, PromoDisableSchema } from "@prizepacks/core";

// The inputs are the domain's own schemas, written once beside createPromoCode and disablePromoCode.
export const createPromoCodeInput = PromoCreateSchema;
export const disablePromoCodeInput = PromoDisableSchema;
