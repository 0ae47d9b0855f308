import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema } from "../contract/fields.ts";
import type { Deps } from "../runtime/deps.ts";

// A refused date of birth is remembered (table age_refusal), so that a player refused as too
// young cannot simply try another date: a sign-up's refusal by its e-mail, an account's by the
// account. While it is remembered, the same date is refused as before (UNDER_AGE) and any
// other one with AGE_REVIEW_REQUIRED, until an operator has looked at it and cleared it
// (clearAgeRefusal), which forgets it. Kept: the e-mail (normalised), the refused date, when,
// and when another date was tried; not the other dates. Personal data: admins only, never logged.

/** The e-mail as a refusal keys it: trimmed and lower-cased (better-auth lower-cases it too). */
export function ageRefusalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const dateText = (date: Date) => date.toISOString().slice(0, 10);

/** 403 AGE_REVIEW_REQUIRED: another date than the one refused; never says either date. */
export function ageReviewRequired(): AppError {
  return new AppError(
    "AGE_REVIEW_REQUIRED",
    "This date of birth differs from one refused before for this e-mail address or account. An operator will review it; until then no other date can be accepted.",
  );
}

type RefusalSubject = { email: string } | { userId: string };

export interface RememberedRefusal {
  id: string;
  dateOfBirth: string;
}

export async function findAgeRefusal(db: DbTx, subject: RefusalSubject): Promise<RememberedRefusal | null> {
  const row = await db.ageRefusal.findUnique({ where: subject, select: { id: true, dateOfBirth: true } });
  return row && { id: row.id, dateOfBirth: dateText(row.dateOfBirth) };
}

/** Remembers a refused date; the first refusal stands (a second one would be a different date, for review). */
export async function rememberAgeRefusal(db: DbTx, subject: RefusalSubject, dateOfBirth: string, now: Date): Promise<void> {
  const email = "email" in subject ? subject.email : null;
  const userId = "userId" in subject ? subject.userId : null;
  await db.$executeRaw`
    INSERT INTO age_refusal (id, email, "userId", "dateOfBirth", "refusedAt")
    VALUES (${newId()}, ${email}, ${userId}, ${dateOfBirth}::date, ${now})
    ON CONFLICT DO NOTHING`;
}

/** Notes that another date was offered (for the operator), without keeping it. */
export async function noteAgeRefusalRetried(db: DbTx, id: string, now: Date): Promise<void> {
  await db.ageRefusal.updateMany({ where: { id }, data: { retriedAt: now } });
}

/**
 * Ties a sign-up's refusal to the account then made with that e-mail (auth.ts's user hook):
 * a sign-up that passed the check while another, too young, was being refused. True when the
 * account's date differs from the refused one: its age is then left unconfirmed (it cannot
 * play), and its own confirmation meets the refusal.
 */
export async function claimSignUpRefusal(db: DbTx, userId: string, email: string, dateOfBirth: string): Promise<boolean> {
  const [claimed] = await db.$queryRaw<Array<{ dateOfBirth: Date }>>`
    UPDATE age_refusal SET "userId" = ${userId}
    WHERE email = ${ageRefusalEmail(email)} AND "userId" IS NULL
    RETURNING "dateOfBirth"`;
  return claimed !== undefined && dateText(claimed.dateOfBirth) !== dateOfBirth;
}

export interface AgeRefusalRow {
  id: string;
  /** The sign-up's e-mail, or the account's. */
  email: string;
  userId: string | null;
  dateOfBirth: string;
  refusedAt: string;
  retriedAt: string | null;
}

/** The refusals waiting for an operator, the ones where another date was tried first, then oldest first. */
export async function listAgeRefusals(services: Deps): Promise<AgeRefusalRow[]> {
  const rows = await services.database.prisma.ageRefusal.findMany({
    orderBy: [{ retriedAt: { sort: "desc", nulls: "last" } }, { refusedAt: "asc" }],
    take: 200,
    include: { user: { select: { email: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.user?.email ?? row.email ?? "",
    userId: row.userId,
    dateOfBirth: dateText(row.dateOfBirth),
    refusedAt: row.refusedAt.toISOString(),
    retriedAt: row.retriedAt?.toISOString() ?? null,
  }));
}

export const ClearAgeRefusalSchema = z.object({ ageRefusalId: IdSchema, requestKey: RequestKeySchema.optional() });
export type ClearAgeRefusalInput = z.input<typeof ClearAgeRefusalSchema>;

/**
 * The operator has reviewed a refusal (seen proof of age, or the date was a slip) and clears
 * it: it is forgotten, and the next date offered is checked as if it were the first. The log
 * says who cleared whose, not the date.
 */
export async function clearAgeRefusal(services: Deps, actor: AdminActor, input: ClearAgeRefusalInput): Promise<{ ageRefusalId: string }> {
  const { ageRefusalId, requestKey } = parseInputOrThrow(ClearAgeRefusalSchema, input);
  return runAdminMutation(
    services.database.prisma,
    actor,
    { requestKey, action: "age_refusal.cleared", request: { ageRefusalId } },
    async (tx) => {
      const [refusal] = await tx.$queryRaw<Array<{ email: string | null; userId: string | null; refusedAt: Date }>>`
      DELETE FROM age_refusal WHERE id = ${ageRefusalId} RETURNING email, "userId", "refusedAt"`;
      if (!refusal) throw new AppError("NOT_FOUND", "No such refusal waiting for review: it may have been cleared already.");
      await writeAdminLog(
        services,
        actor,
        {
          action: "age_refusal.cleared",
          ...(refusal.userId ? { targetType: "account", targetId: refusal.userId } : { targetType: "age_refusal", targetId: ageRefusalId }),
          before: { refusedAt: refusal.refusedAt.toISOString(), ...(refusal.userId ? {} : { email: refusal.email }) },
        },
        { tx },
      );
      return { ageRefusalId };
    },
  );
}

/** The admin CLI's age:clear: the refusal kept for this e-mail, as a sign-up's or as its account's. */
export async function clearAgeRefusalOfEmail(services: Deps, actor: AdminActor, email: string): Promise<{ ageRefusalId: string }> {
  const normalised = ageRefusalEmail(email);
  const refusal = await services.database.prisma.ageRefusal.findFirst({
    where: { OR: [{ email: normalised }, { user: { email: normalised } }] },
    select: { id: true },
  });
  if (!refusal) throw new AppError("NOT_FOUND", `No refused date of birth is waiting for review for ${normalised}.`);
  return clearAgeRefusal(services, actor, { ageRefusalId: refusal.id });
}
