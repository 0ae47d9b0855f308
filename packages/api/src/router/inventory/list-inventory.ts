import { listInventory } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listInventoryInput, listInventoryMeta, listInventoryOutput } from "./list-inventory.types.ts";

export const listInventoryRoute = accountProcedure
  .meta(listInventoryMeta)
  .input(listInventoryInput)
  .output(listInventoryOutput)
  .query(({ ctx, input }) => listInventory(ctx.services, { userId: ctx.userId, ...input }));
