import type { AdminActor } from "../admin-log/admin-log.ts";
import {
  ContactHarmCaseSchema,
  LowerLimitHarmCaseSchema,
  RequireVerificationHarmCaseSchema,
  SuspendHarmCaseSchema,
  type HarmMailTemplate,
} from "../contract/harm.ts";
import type { ExclusionView } from "../contract/protection.ts";
import { AppError } from "../errors.ts";
import { Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { setExclusion } from "../protection/exclusions.ts";
import { lowerLimitInTx } from "../protection/limits.ts";
import type { Deps } from "../runtime/deps.ts";
import type { MailSender } from "../withdrawals/destinations.ts";
import { relatedRequestKey } from "../admin-log/admin-request.ts";
import { onHarmCase } from "./cases.ts";

/**
 * The mails a case can send. Written to the player about their play in general: none names a
 * marker, a threshold or what was seen (the player is never told a marker's name).
 */
export function harmMail(template: HarmMailTemplate, linkBase: string): { subject: string; text: string } {
  const saferPlay = `${linkBase.replace(/\/$/, "")}/settings/safer-play`;
  switch (template) {
    case "check_in":
      return {
        subject: "Checking in on your play",
        text: `Hello,\n\nWe check in with players from time to time to make sure their play stays fun and affordable. If you would like to take a break or set yourself limits, you can do it at any time here:\n${saferPlay}\n\nIf you would like to talk to us, reply to this mail.\n\nprizepacks`,
      };
    case "tools":
      return {
        subject: "Your safer-play tools",
        text: `Hello,\n\nA reminder of the tools you have: deposit, wager and loss limits a day, a week or a month; a reality check while you play; and time-outs from 24 hours to 6 weeks or a longer self-exclusion. Set them here:\n${saferPlay}\n\nprizepacks`,
      };
    case "support":
      return {
        subject: "Support if you need it",
        text: `Hello,\n\nIf play has stopped feeling like fun, free and confidential help is available, for example from GamCare (www.gamcare.org.uk, 0808 8020 133) or Gamblers Anonymous. You can also take a break or set limits here:\n${saferPlay}\n\nprizepacks`,
      };
  }
}

/** Mails the player from a template; sent once the case's entry is committed. Never the marker's name. */
export async function contactHarmCasePlayer(
  services: Deps,
  actor: AdminActor,
  input: unknown,
  { mailer }: { mailer: MailSender | null },
): Promise<{ sentTo: string }> {
  const { caseId, template, requestKey } = parseInputOrThrow(ContactHarmCaseSchema, input);
  if (!mailer) throw new AppError("UNAVAILABLE", "No mail can be sent from here now: nothing was done.");
  let mail: { to: string; subject: string; text: string } | null = null;
  const result = await onHarmCase(
    services,
    actor,
    { caseId, requestKey, action: "harm.case_contacted", kind: "contacted", request: { caseId, template }, open: true },
    async (tx, harmCase) => {
      const player = await tx.user.findUnique({ where: { id: harmCase.userId }, select: { email: true } });
      if (!player) throw new AppError("NOT_FOUND", "The case's account is gone.");
      mail = { to: player.email, ...harmMail(template, mailer.linkBase) };
      return { result: { sentTo: player.email }, detail: { template } };
    },
  );
  // Only after the commit, and not on a replay (mail is then null): one submission, one mail.
  if (mail) mailer.send(mail);
  return result;
}

/** Sets a limit on the player's behalf: new or lower only (lowerLimitInTx refuses a raise). */
export async function lowerHarmCaseLimit(
  services: Deps,
  actor: AdminActor,
  input: unknown,
): Promise<{ before: string | null; after: string }> {
  const { caseId, kind, period, amount, requestKey } = parseInputOrThrow(LowerLimitHarmCaseSchema, input);
  return onHarmCase(
    services,
    actor,
    { caseId, requestKey, action: "harm.case_limit_set", kind: "limit_set", request: { caseId, kind, period, amount }, open: true },
    async (tx, harmCase) => {
      const change = await lowerLimitInTx(tx, harmCase.userId, { kind, period, amount: new Money(amount) });
      return { result: change, detail: { limit: `${kind} a ${period}`, ...change } };
    },
  );
}

async function assertOpen(services: Deps, caseId: string): Promise<{ userId: string }> {
  const row = await services.database.prisma.harmCase.findUnique({ where: { id: caseId }, select: { userId: true, status: true } });
  if (!row) throw new AppError("NOT_FOUND", `No case ${caseId}.`);
  if (row.status !== "open") throw new AppError("CONFLICT", "This case is closed: nothing was done.");
  return row;
}

/**
 * Suspends play with an operator's time-out (the exclusion code: setBy operator, logged as
 * account.excluded, cannot be shortened by anyone). The player sees an ordinary time-out. The
 * case's entry is the same request's second part, so a retry neither suspends nor records twice.
 */
export async function suspendHarmCasePlay(services: Deps, actor: AdminActor, input: unknown): Promise<ExclusionView> {
  const { caseId, period, requestKey } = parseInputOrThrow(SuspendHarmCaseSchema, input);
  const { userId } = await assertOpen(services, caseId);
  const exclusion = await setExclusion(services, userId, { period, ...(requestKey && { requestKey }) }, { operator: actor });
  await onHarmCase(
    services,
    actor,
    { caseId, requestKey, part: "case", action: "harm.case_suspended", kind: "suspended", request: { caseId, period }, open: false },
    async () => ({ result: { period }, detail: { period, endsAt: exclusion.endsAt } }),
  );
  return exclusion;
}

/** What the verification feature offers (requestVerificationAsAdmin in packages/core/src/verification). */
export type RequestVerificationAsAdmin = (
  services: Deps,
  actor: AdminActor,
  input: { userId: string; reason: string; blocksPlay: boolean; requestKey?: string | undefined },
) => Promise<unknown>;

/**
 * Requires an identity check of the player, through the verification feature's own function
 * handed in (null until it exists: FORBIDDEN, nothing done). The reason is what the player will
 * read: the console's form says never to name a marker.
 */
export async function requireHarmCaseVerification(
  services: Deps,
  actor: AdminActor,
  input: unknown,
  { requestVerification }: { requestVerification: RequestVerificationAsAdmin | null },
): Promise<{ required: true }> {
  const { caseId, reason, blocksPlay, requestKey } = parseInputOrThrow(RequireVerificationHarmCaseSchema, input);
  if (!requestVerification) throw new AppError("FORBIDDEN", "Requiring an identity check from a case is not available yet.");
  const { userId } = await assertOpen(services, caseId);
  await requestVerification(services, actor, {
    userId,
    reason,
    blocksPlay,
    requestKey: requestKey && relatedRequestKey(requestKey, "verification.requested"),
  });
  return onHarmCase(
    services,
    actor,
    {
      caseId,
      requestKey,
      part: "case",
      action: "harm.case_verification_required",
      kind: "verification_required",
      request: { caseId, reason, blocksPlay },
      open: false,
    },
    async () => ({ result: { required: true as const }, text: reason, detail: { blocksPlay } }),
  );
}
