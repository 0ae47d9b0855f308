import { listShipments } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listShipmentsInput, listShipmentsMeta, listShipmentsOutput } from "./list-shipments.types.ts";

export const listShipmentsRoute = accountProcedure
  .meta(listShipmentsMeta)
  .input(listShipmentsInput)
  .output(listShipmentsOutput)
  .query(({ ctx, input }) => listShipments(ctx.services, { userId: ctx.userId, ...input }));
