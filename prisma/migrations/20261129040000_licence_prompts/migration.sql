-- The prompts a licence requires (#37), each recorded once on the account: the safer-play page
-- acknowledged before the first wager, and the deposit-limit prompt at the first deposit, set or
-- skipped. Read and written only by protection/licence-prompts.ts, never by open_pack or paid_play:
-- a missing acknowledgement does not refuse play (the web app asks first), so the opening's
-- hot path gains no read.
ALTER TABLE "user" ADD COLUMN "saferPlayAcknowledgedAt" TIMESTAMP(3);
ALTER TABLE "user" ADD COLUMN "depositLimitPromptAnswer" TEXT;
ALTER TABLE "user" ADD COLUMN "depositLimitPromptAnsweredAt" TIMESTAMP(3);
ALTER TABLE "user" ADD CONSTRAINT "user_depositLimitPromptAnswer_check"
  CHECK ("depositLimitPromptAnswer" IN ('set', 'skipped'));
ALTER TABLE "user" ADD CONSTRAINT "user_depositLimitPrompt_answered_check"
  CHECK (("depositLimitPromptAnswer" IS NULL) = ("depositLimitPromptAnsweredAt" IS NULL));
