import { quoteShipping } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { quoteShippingInput, quoteShippingMeta, quoteShippingOutput } from "./quote-shipping.types.ts";

export const quoteShippingRoute = accountProcedure
  .meta(quoteShippingMeta)
  .input(quoteShippingInput)
  .output(quoteShippingOutput)
  .query(({ ctx, input }) => quoteShipping(ctx.services, input.country));
