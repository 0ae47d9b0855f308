import { getShipment } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { getShipmentMeta, getShipmentOutput, shipmentIdInput } from "./get-shipment.types.ts";

export const getShipmentRoute = accountProcedure
  .meta(getShipmentMeta)
  .input(shipmentIdInput)
  .output(getShipmentOutput)
  .query(({ ctx, input }) => getShipment(ctx.services, ctx.userId, input.id));
