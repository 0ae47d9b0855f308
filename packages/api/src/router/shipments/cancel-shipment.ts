import { cancelShipment } from "@prizepacks/core";
import { accountMutationProcedure } from "../../trpc.ts";
import { cancelShipmentInput, cancelShipmentMeta, cancelShipmentOutput } from "./cancel-shipment.types.ts";

export const cancelShipmentRoute = accountMutationProcedure
  .meta(cancelShipmentMeta)
  .input(cancelShipmentInput)
  .output(cancelShipmentOutput)
  .mutation(({ ctx, input }) => cancelShipment(ctx.services, ctx.userId, input.id));
