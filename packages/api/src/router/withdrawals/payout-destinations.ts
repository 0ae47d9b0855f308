import { addPayoutDestination, confirmPayoutDestination, listPayoutDestinations, removePayoutDestination } from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import {
  addPayoutDestinationInput,
  addPayoutDestinationOutput,
  confirmPayoutDestinationInput,
  confirmPayoutDestinationOutput,
  listPayoutDestinationsOutput,
  removePayoutDestinationInput,
} from "./payout-destinations.types.ts";
import { requireSecondFactor } from "./second-factor.ts";

/** Adds a destination (second factor required) and mails the account a confirmation link. */
export const addPayoutDestinationRoute = sessionProcedure
  .input(addPayoutDestinationInput)
  .output(addPayoutDestinationOutput)
  .mutation(async ({ ctx, input }) => {
    await requireSecondFactor(ctx, ctx.userId, input.code);
    const { payoutMethodId, address, label } = input;
    return addPayoutDestination(ctx.services, { userId: ctx.userId, payoutMethodId, address, label }, { mailer: ctx.mailer });
  });

export const confirmPayoutDestinationRoute = sessionProcedure
  .input(confirmPayoutDestinationInput)
  .output(confirmPayoutDestinationOutput)
  .mutation(({ ctx, input }) => confirmPayoutDestination(ctx.services, { userId: ctx.userId, token: input.token }));

export const listPayoutDestinationsRoute = sessionProcedure
  .output(listPayoutDestinationsOutput)
  .query(({ ctx }) => listPayoutDestinations(ctx.services, ctx.userId));

export const removePayoutDestinationRoute = sessionProcedure
  .input(removePayoutDestinationInput)
  .mutation(({ ctx, input }) => removePayoutDestination(ctx.services, { userId: ctx.userId, id: input.id }));
