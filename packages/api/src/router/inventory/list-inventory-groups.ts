import { listInventoryGroups } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listInventoryGroupsInput, listInventoryGroupsMeta, listInventoryGroupsOutput } from "./list-inventory-groups.types.ts";

export const listInventoryGroupsRoute = accountProcedure
  .meta(listInventoryGroupsMeta)
  .input(listInventoryGroupsInput)
  .output(listInventoryGroupsOutput)
  .query(({ ctx, input }) => listInventoryGroups(ctx.services, { userId: ctx.userId, sort: input.sort }));
