import { sellInventoryItems } from "@prizepacks/core";
import { accountMutationProcedure, wellFormedBody } from "../../trpc.ts";
import { sellInventoryItemsInput, sellInventoryItemsMeta, sellInventoryItemsOutput } from "./sell-inventory-items.types.ts";

export const sellInventoryItemsRoute = accountMutationProcedure
  .meta(sellInventoryItemsMeta)
  .use(wellFormedBody) // before the input: `{}` in place of a malformed body is no "missing inventoryItemIds"
  .input(sellInventoryItemsInput)
  .output(sellInventoryItemsOutput)
  .mutation(({ ctx, input }) => sellInventoryItems(ctx.services, { userId: ctx.userId, inventoryItemIds: input.inventoryItemIds }));
