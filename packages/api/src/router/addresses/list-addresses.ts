import { listAddresses } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listAddressesInput, listAddressesMeta, listAddressesOutput } from "./list-addresses.types.ts";

export const listAddressesRoute = accountProcedure
  .meta(listAddressesMeta)
  .input(listAddressesInput)
  .output(listAddressesOutput)
  .query(async ({ ctx }) => ({ addresses: await listAddresses(ctx.services, ctx.userId) }));
