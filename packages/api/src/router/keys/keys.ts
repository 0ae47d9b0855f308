import { createAccountApiKey, listAccountApiKeys, revokeAccountApiKey } from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import { createKeyInput, createKeyOutput, listKeysInput, listKeysOutput, revokeKeyInput, revokeKeyOutput } from "./keys.types.ts";

export const listKeysRoute = sessionProcedure
  .input(listKeysInput)
  .output(listKeysOutput)
  .query(({ ctx }) => listAccountApiKeys(ctx.services, ctx.userId));

export const createKeyRoute = sessionProcedure
  .input(createKeyInput)
  .output(createKeyOutput)
  .mutation(({ ctx, input }) => createAccountApiKey(ctx.services, { userId: ctx.userId, name: input.name }));

export const revokeKeyRoute = sessionProcedure
  .input(revokeKeyInput)
  .output(revokeKeyOutput)
  .mutation(({ ctx, input }) => revokeAccountApiKey(ctx.services, { userId: ctx.userId, apiKeyId: input.id }));
