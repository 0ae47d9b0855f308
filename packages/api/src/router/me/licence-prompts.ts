import { acknowledgeSaferPlay, answerDepositLimitPrompt, getLicencePrompts } from "@prizepacks/core";
import { accountMutationProcedure, accountProcedure, wellFormedBody } from "../../trpc.ts";
import {
  acknowledgeSaferPlayInput,
  acknowledgeSaferPlayMeta,
  acknowledgeSaferPlayOutput,
  answerDepositLimitPromptInput,
  answerDepositLimitPromptMeta,
  answerDepositLimitPromptOutput,
  getLicencePromptsInput,
  getLicencePromptsMeta,
  getLicencePromptsOutput,
} from "./licence-prompts.types.ts";

export const getLicencePromptsRoute = accountProcedure
  .meta(getLicencePromptsMeta)
  .input(getLicencePromptsInput)
  .output(getLicencePromptsOutput)
  .query(({ ctx }) => getLicencePrompts(ctx.services, ctx.userId));

export const acknowledgeSaferPlayRoute = accountProcedure
  .meta(acknowledgeSaferPlayMeta)
  .input(acknowledgeSaferPlayInput)
  .output(acknowledgeSaferPlayOutput)
  .mutation(({ ctx }) => acknowledgeSaferPlay(ctx.services, ctx.userId));

// Sets a limit (setLimit locks the wallet row): in the account's turn, like POST /v1/me/limits.
export const answerDepositLimitPromptRoute = accountMutationProcedure
  .meta(answerDepositLimitPromptMeta)
  .use(wellFormedBody)
  .input(answerDepositLimitPromptInput)
  .output(answerDepositLimitPromptOutput)
  .mutation(({ ctx, input }) => answerDepositLimitPrompt(ctx.services, ctx.userId, input));
