import { createAddress } from "@prizepacks/core";
import { accountMutationProcedure, wellFormedBody } from "../../trpc.ts";
import { createAddressInput, createAddressMeta, createAddressOutput } from "./create-address.types.ts";

export const createAddressRoute = accountMutationProcedure
  .meta(createAddressMeta)
  .use(wellFormedBody)
  .input(createAddressInput)
  .output(createAddressOutput)
  .mutation(({ ctx, input }) => createAddress(ctx.services, ctx.userId, input));
