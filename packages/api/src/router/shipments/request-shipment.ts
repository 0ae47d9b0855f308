import { requestShipment } from "@prizepacks/core";
import { accountMutationProcedure, wellFormedBody } from "../../trpc.ts";
import { requestShipmentInput, requestShipmentMeta, requestShipmentOutput } from "./request-shipment.types.ts";

export const requestShipmentRoute = accountMutationProcedure
  .meta(requestShipmentMeta)
  .use(wellFormedBody)
  .input(requestShipmentInput)
  .output(requestShipmentOutput)
  .mutation(({ ctx, input }) =>
    requestShipment(ctx.services, { userId: ctx.userId, ...input, idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );
