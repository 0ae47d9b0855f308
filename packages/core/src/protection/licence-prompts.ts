import type { DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import {
  AnswerDepositLimitPromptInputSchema,
  type AnswerDepositLimitPromptInput,
  type DepositLimitPromptAnswer,
  type DepositLimitPromptResult,
  type LicencePrompts,
  type SetLimitResult,
} from "../contract/protection.ts";
import type { Deps } from "../runtime/deps.ts";
import { setLimit } from "./limits.ts";

// The prompts a licence requires (#37): the safer-play page acknowledged once before the first
// wager, and a deposit limit offered at the first deposit. Each answer is kept on the account
// (user columns), so it is asked once across devices and channels.
//
// Nothing refuses play or a deposit for a missing answer: the web app asks before it acts, and a
// bot's owner answers over REST. Refusing server side would break every existing client, and it
// would put a read of these columns on the opening's hot path (open_pack reads none of them).

/** What each prompt's answer is, and whether the web app still has to ask it. */
export async function getLicencePrompts(services: Deps, userId: string): Promise<LicencePrompts> {
  return readLicencePrompts(services.database.prisma, userId);
}

async function readLicencePrompts(db: DbTx, userId: string): Promise<LicencePrompts> {
  const [user, depositLimit, deposited, depositStarted] = await Promise.all([
    db.user.findUnique({
      where: { id: userId },
      select: { saferPlayAcknowledgedAt: true, depositLimitPromptAnswer: true, depositLimitPromptAnsweredAt: true },
    }),
    db.spendingLimit.findFirst({ where: { userId, kind: "deposit" }, select: { period: true } }),
    db.ledgerEntry.findFirst({ where: { userId, kind: "DEPOSIT" }, select: { id: true } }),
    // A provider's invoice counts as the first deposit once created, paid or not.
    db.deposit.findFirst({ where: { userId }, select: { id: true } }),
  ]);
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  const answer = user.depositLimitPromptAnswer as DepositLimitPromptAnswer | null;
  return {
    saferPlay: { acknowledgedAt: user.saferPlayAcknowledgedAt?.toISOString() ?? null, due: user.saferPlayAcknowledgedAt === null },
    depositLimit: {
      answer,
      answeredAt: user.depositLimitPromptAnsweredAt?.toISOString() ?? null,
      // At the first deposit only; a player who set a deposit limit already has nothing to be asked.
      due: answer === null && depositLimit === null && deposited === null && depositStarted === null,
    },
  };
}

/**
 * Records that the player read the safer-play page. The first acknowledgement's date stays: the
 * update only matches a null column, so repeats (and two tabs at once) change nothing.
 */
export async function acknowledgeSaferPlay(services: Deps, userId: string): Promise<LicencePrompts> {
  const db = services.database.prisma;
  await db.user.updateMany({ where: { id: userId, saferPlayAcknowledgedAt: null }, data: { saferPlayAcknowledgedAt: new Date() } });
  return readLicencePrompts(db, userId);
}

/**
 * The player's answer to the deposit-limit prompt: skipped, or a deposit limit set through the
 * one limit-setting function (setLimit: a new or lower limit binds at once, a raise waits). The
 * first answer and its date stay, by the same conditional update as the acknowledgement; a later
 * "set" still sets the limit asked for, since a player who wants a limit gets one.
 */
export async function answerDepositLimitPrompt(
  services: Deps,
  userId: string,
  input: AnswerDepositLimitPromptInput,
): Promise<DepositLimitPromptResult> {
  const db = services.database.prisma;
  const parsed = parseInputOrThrow(AnswerDepositLimitPromptInputSchema, input);
  // The limit first: an amount setLimit refuses records no answer, so the prompt is asked again.
  const { answer, period, amount } = parsed;
  const limit: SetLimitResult | null =
    answer === "set" && period && amount ? await setLimit(services, userId, { kind: "deposit", period, amount }) : null;
  await db.user.updateMany({
    where: { id: userId, depositLimitPromptAnsweredAt: null },
    data: { depositLimitPromptAnswer: answer, depositLimitPromptAnsweredAt: new Date() },
  });
  return { prompts: await readLicencePrompts(db, userId), limit };
}
