import type { DbTx, SqlQuery } from "@prizepacks/db";
import { sqlOfTransaction } from "@prizepacks/db/client";
import type { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import type { Verification, VerificationStart } from "../contract/verification.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import type { Deps } from "../runtime/deps.ts";
import type { HeaderReader, VerificationProvider } from "./verification-provider.ts";
import { verificationRequirements } from "./verification-requirements.ts";
import { supersedes, type ApplicantState, type CheckStatus } from "./verification-rule.ts";

export type VerificationDeps = Deps & { verifications: VerificationProvider | null };

type VerificationRow = Prisma.AccountVerificationGetPayload<object>;

async function verificationView(sql: SqlQuery, userId: string, row: VerificationRow | null): Promise<Verification> {
  const status = (row?.status ?? "none") as Verification["status"];
  const refused = status === "retry" || status === "rejected";
  const requirements = await verificationRequirements(sql, userId);
  return {
    status,
    requiredFor: requirements.map((requirement) => requirement.requiredFor),
    requirements,
    // The reviewer's note to the player only: clientComment is for operators and never leaves the console.
    reason: refused ? (row?.moderationComment ?? null) : null,
    rejectLabels: refused ? (row?.rejectLabels ?? []) : [],
    demo: row?.provider === "demo",
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The account's identity check as the player may see it. */
export async function getVerification(services: Deps, userId: string): Promise<Verification> {
  const row = await services.database.prisma.accountVerification.findUnique({ where: { userId } });
  return verificationView(services.database.sql, userId, row);
}

/**
 * Records the account's check as it now stands (verification.changed: its stream and webhooks),
 * in the caller's transaction, after whatever changed it.
 */
export async function recordVerificationChange(tx: DbTx, userId: string): Promise<void> {
  const row = await tx.accountVerification.findUnique({ where: { userId } });
  await recordAccountEvent(tx, userId, "verification.changed", await verificationView(sqlOfTransaction(tx), userId, row));
}

/**
 * Starts (or resumes) the account's check: the applicant is created at the provider once and
 * kept; every call hands out a fresh access token for the provider's WebSDK. A demo check is
 * verified by this one call. Refused once verified, or rejected for good.
 */
export async function startVerification(services: VerificationDeps, userId: string): Promise<VerificationStart> {
  const provider = services.verifications;
  if (!provider) throw new AppError("FORBIDDEN", "Identity checks are not available: no verification provider is configured.");
  const db = services.database.prisma;
  let row = await db.accountVerification.findUnique({ where: { userId } });
  if (row?.status === "verified") throw new AppError("CONFLICT", "The account is already verified.");
  if (row?.status === "rejected") throw new AppError("FORBIDDEN", "The identity check was refused for good; contact support.");
  if (!row) {
    const state = await provider.createApplicant(userId);
    // Two starts at once both reach the provider, which keeps one applicant per externalUserId (ours):
    // the second insert finds the first's row.
    await db.$transaction(async (tx) => {
      const created = await tx.accountVerification.createMany({
        data: [{ userId, provider: provider.name, ...columnsOf(state) }],
        skipDuplicates: true,
      });
      if (created.count > 0) await recordVerificationChange(tx, userId);
    });
    await applyApplicantState(services, provider.name, state);
    row = await db.accountVerification.findUniqueOrThrow({ where: { userId } });
  }
  const accessToken = await provider.createAccessToken(userId);
  return { verification: await verificationView(services.database.sql, userId, row), applicantId: row.applicantId, accessToken };
}

function columnsOf(state: ApplicantState) {
  return {
    applicantId: state.applicantId,
    status: state.status,
    reviewAnswer: state.reviewAnswer,
    rejectType: state.rejectType,
    rejectLabels: state.rejectLabels,
    moderationComment: state.moderationComment,
    clientComment: state.clientComment,
    statusAt: state.at,
    reviewedAt: state.reviewAnswer ? state.at : null,
  };
}

/**
 * Applies what the provider said about an applicant, if `supersedes` lets it (the one rule):
 * the row is locked first, so a webhook and a poll of the same applicant apply one after the
 * other and the later event wins whatever order they commit in. An applicant we hold no row for
 * is ignored. Returns whether the row changed.
 */
export async function applyApplicantState(services: Deps, providerName: string, state: ApplicantState): Promise<boolean> {
  return services.database.prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ userId: string; status: CheckStatus; statusAt: Date }[]>`
      SELECT "userId", status, "statusAt" FROM account_verification
      WHERE provider = ${providerName} AND "applicantId" = ${state.applicantId}
      FOR UPDATE`;
    if (!current || !supersedes(current, state)) return false;
    await tx.accountVerification.update({ where: { userId: current.userId }, data: columnsOf(state) });
    await recordVerificationChange(tx, current.userId);
    return true;
  });
}

/** A provider's webhook: signature first (401), then the event's state through the one rule; other types are acknowledged. */
export async function handleVerificationWebhook(
  services: Deps,
  provider: VerificationProvider,
  rawBody: Buffer,
  headers: HeaderReader,
): Promise<void> {
  const notice = provider.verifyWebhook(rawBody, headers);
  if (notice.state) await applyApplicantState(services, provider.name, notice.state);
}
