import { exchangeItems } from "@prizepacks/core";
import { exchangeProcedure, wellFormedBody } from "../../trpc.ts";
import { createExchangeInput, createExchangeMeta, createExchangeOutput } from "./exchanges.types.ts";

export const createExchangeRoute = exchangeProcedure
  .meta(createExchangeMeta)
  .use(wellFormedBody)
  .input(createExchangeInput)
  .output(createExchangeOutput)
  .mutation(({ ctx, input }) =>
    exchangeItems(ctx.services, ctx.userId, input, { idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined }),
  );
