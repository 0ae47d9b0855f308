import { sellInventoryItems } from "@prizepacks/core";
import { accountMutationProcedure, wellFormedBody } from "../../trpc.ts";
import { sellInventoryInput, sellInventoryMeta, sellInventoryOutput } from "./sell-inventory.types.ts";

export const sellInventory = accountMutationProcedure
  .meta(sellInventoryMeta)
  .use(wellFormedBody) // before the input: `{}` in place of a malformed body is no "missing inventoryItemIds"
  .input(sellInventoryInput)
  .output(sellInventoryOutput)
  .mutation(({ ctx, input }) => sellInventoryItems(ctx.db, { userId: ctx.userId, inventoryItemIds: input.inventoryItemIds }));
