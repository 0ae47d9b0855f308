import { listInventory } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listInventoryInput, listInventoryMeta, listInventoryOutput } from "./list-inventory.types.ts";

export const listInventoryRoute = accountProcedure
  .meta(listInventoryMeta)
  .input(listInventoryInput)
  .output(listInventoryOutput)
  .query(({ ctx, input }) => listInventory(ctx.db, { userId: ctx.userId, ...input }));
