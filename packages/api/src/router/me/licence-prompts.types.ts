import { z } from "zod";
import { AnswerDepositLimitPromptInputSchema, DepositLimitPromptResultSchema, LicencePromptsSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

// The prompts a licence requires (#37). The server records the answers and never refuses play or
// a deposit for a missing one: the web app asks before it acts, and a bot's owner answers here.

export const getLicencePromptsInput = z.void();
export const getLicencePromptsOutput = LicencePromptsSchema;
export const getLicencePromptsMeta = restMeta({
  method: "GET",
  path: "/v1/me/prompts",
  operationId: "me-prompts-get",
  summary: "The safer-play and deposit-limit prompts a licence requires: what the account answered, and what is still due",
  description:
    "Two prompts, each answered once for the account on every device and channel: the safer-play page, acknowledged before the first paid play (POST /v1/me/safer-play/acknowledgement), and a deposit limit offered at the first deposit, set or skipped (POST /v1/me/prompts/deposit-limit). `due` says the web app would ask it before the next paid play or deposit. The server does not refuse play or deposits for a prompt that is due: a bot's owner answers them here.",
  tags: ["Account"],
});

export const acknowledgeSaferPlayInput = z.void();
export const acknowledgeSaferPlayOutput = LicencePromptsSchema;
export const acknowledgeSaferPlayMeta = restMeta({
  method: "POST",
  path: "/v1/me/safer-play/acknowledgement",
  operationId: "me-safer-play-acknowledge",
  summary: "Acknowledge the safer-play page (limits, reality checks, breaks) for the account",
  description:
    "Records that the account's owner has read the safer-play page, as the web app asks before the first paid play. No body. The first acknowledgement's date is kept: repeating the call changes nothing and answers the same.",
  tags: ["Account"],
});

export const answerDepositLimitPromptInput = AnswerDepositLimitPromptInputSchema;
export const answerDepositLimitPromptOutput = DepositLimitPromptResultSchema;
export const answerDepositLimitPromptMeta = restMeta({
  method: "POST",
  path: "/v1/me/prompts/deposit-limit",
  operationId: "me-prompts-deposit-limit-answer",
  summary: "Answer the deposit-limit prompt: set a deposit limit, or skip",
  description:
    'With `{"answer":"set","period":"day","amount":"50.00"}` a deposit limit is set exactly as POST /v1/me/limits sets it (`limit` is its answer: a new or lower limit binds at once, a raise waits); with `{"answer":"skipped"}` nothing is set. Either is recorded with its date. The first answer is kept: a repeat changes no record (a later set still sets the limit it names).',
  tags: ["Account"],
  errorResponses: { 400: "Malformed input" },
});
