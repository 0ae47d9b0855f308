import { deleteAddress } from "@prizepacks/core";
import { accountMutationProcedure } from "../../trpc.ts";
import { deleteAddressInput, deleteAddressMeta, deleteAddressOutput } from "./delete-address.types.ts";

export const deleteAddressRoute = accountMutationProcedure
  .meta(deleteAddressMeta)
  .input(deleteAddressInput)
  .output(deleteAddressOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteAddress(ctx.services, ctx.userId, input.id);
    return { deleted: true as const };
  });
