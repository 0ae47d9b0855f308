import { sellInventoryItems } from "@prizepacks/core";
import { assertWellFormedBody } from "../../context.ts";
import { accountMutationProcedure } from "../../trpc.ts";
import { sellInventoryInput, sellInventoryMeta, sellInventoryOutput } from "./sell-inventory.types.ts";

export const sellInventory = accountMutationProcedure
  .meta(sellInventoryMeta)
  // Before the input is parsed: the REST wrapper replaced a malformed body with {}, which
  // would otherwise be reported as a missing inventoryItemIds.
  .use(({ ctx, next }) => {
    assertWellFormedBody(ctx);
    return next();
  })
  .input(sellInventoryInput)
  .output(sellInventoryOutput)
  .mutation(({ ctx, input }) => sellInventoryItems(ctx.db, { userId: ctx.userId, inventoryItemIds: input.inventoryItemIds }));
