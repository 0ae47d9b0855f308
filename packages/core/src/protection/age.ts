import { z } from "zod";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { serviceEnv } from "../service-env.ts";
import type { Deps } from "../runtime/deps.ts";
import {
  ageRefusalEmail,
  ageReviewRequired,
  claimSignUpRefusal,
  findAgeRefusal,
  noteAgeRefusalRetried,
  rememberAgeRefusal,
} from "./age-refusals.ts";

// The age gate. A date of birth is personal data: it is returned to its owner and to admins,
// never logged, never put in an account event, a webhook or a public view.

/** Accounts are refused under this age (MINIMUM_AGE, default 18). */
export function minimumAge(): number {
  return serviceEnv().MINIMUM_AGE;
}

/** A calendar date, YYYY-MM-DD (what an `<input type="date">` sends), that exists and is in the past. */
export const DateOfBirthSchema = z
  .string({ error: "Enter your date of birth as YYYY-MM-DD." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter your date of birth as YYYY-MM-DD.")
  .refine((text) => {
    const date = new Date(`${text}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "That date does not exist.")
  .refine((text) => text >= "1900-01-01" && text <= new Date().toISOString().slice(0, 10), "Enter your real date of birth.")
  .meta({ description: "The date of birth, YYYY-MM-DD.", example: "1990-04-17" });

export const ConfirmAgeInputSchema = z.object({ dateOfBirth: DateOfBirthSchema });
export type ConfirmAgeInput = z.infer<typeof ConfirmAgeInputSchema>;

export const AgeConfirmationSchema = z.object({
  dateOfBirth: z.string().nullable().meta({ description: "YYYY-MM-DD; null when an operator confirmed the account." }),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.enum(["player", "operator"]).nullable(),
});
export type AgeConfirmation = z.infer<typeof AgeConfirmationSchema>;

/**
 * Full years between the date of birth and `on`, by the UTC calendar: a birthday counts from
 * its day (29 February from 1 March in other years).
 */
export function ageOn(dateOfBirth: string, on: Date): number {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const hadBirthday = on.getUTCMonth() + 1 > month || (on.getUTCMonth() + 1 === month && on.getUTCDate() >= day);
  return on.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** 403 UNDER_AGE below MINIMUM_AGE; the message says the rule, never the date given. */
export function assertOldEnough(dateOfBirth: string, now = new Date()): void {
  const minimum = minimumAge();
  if (ageOn(dateOfBirth, now) < minimum) {
    throw new AppError("UNDER_AGE", `You must be at least ${minimum} years old to use prizepacks.`);
  }
}

/** A sign-up's date of birth, checked: 400 when missing or not a date, 403 UNDER_AGE when too young. */
export function parseSignUpDateOfBirth(body: unknown, now = new Date()): string {
  const dateOfBirth = parseDateOfBirth(body);
  assertOldEnough(dateOfBirth, now);
  return dateOfBirth;
}

function parseDateOfBirth(body: unknown): string {
  return parseInputOrThrow(ConfirmAgeInputSchema, {
    dateOfBirth: typeof body === "object" && body !== null ? (body as Record<string, unknown>).dateOfBirth : undefined,
  }).dateOfBirth;
}

const isUnderAge = (error: unknown) => error instanceof AppError && error.code === "UNDER_AGE";

/**
 * The sign-up's age gate, before the account exists (handleAuthRequest): 400 without a valid
 * date; 403 AGE_REVIEW_REQUIRED when a different date was refused for this e-mail (age-refusals.ts);
 * 403 UNDER_AGE when too young, remembered for the e-mail.
 */
export async function checkSignUpAge(services: Deps, body: unknown, now = new Date()): Promise<string> {
  const db = services.database.prisma;
  const dateOfBirth = parseDateOfBirth(body);
  const given = typeof body === "object" && body !== null ? (body as Record<string, unknown>).email : undefined;
  // Without an e-mail string better-auth refuses the sign-up anyway: nothing to remember it by.
  const email = typeof given === "string" ? ageRefusalEmail(given) : null;
  const refusal = email === null ? null : await findAgeRefusal(db, { email });
  if (refusal && refusal.dateOfBirth !== dateOfBirth) {
    await noteAgeRefusalRetried(db, refusal.id, now);
    throw ageReviewRequired();
  }
  try {
    assertOldEnough(dateOfBirth, now);
  } catch (error) {
    if (email !== null && isUnderAge(error)) await rememberAgeRefusal(db, { email }, dateOfBirth, now);
    throw error;
  }
  return dateOfBirth;
}

function playerAgeConfirmation(dateOfBirth: string, now: Date) {
  return { dateOfBirth: new Date(`${dateOfBirth}T00:00:00.000Z`), ageConfirmedAt: now, ageConfirmedBy: "player" as const };
}

/**
 * Stores the date of birth of a new web account (the sign-up's body, checked by checkSignUpAge
 * before the account was made). A body without a valid, old enough date leaves the account
 * unconfirmed, so it cannot open a pack: the gate fails closed. So does a date other than one
 * refused for this e-mail while this sign-up was under way (claimSignUpRefusal).
 */
export async function recordSignUpAge(services: Deps, userId: string, body: unknown, now = new Date()): Promise<void> {
  const db = services.database.prisma;
  let dateOfBirth: string;
  try {
    dateOfBirth = parseSignUpDateOfBirth(body, now);
  } catch {
    return;
  }
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user || (await claimSignUpRefusal(db, userId, user.email, dateOfBirth))) return;
  await db.user.updateMany({ where: { id: userId, ageConfirmedAt: null }, data: playerAgeConfirmation(dateOfBirth, now) });
}

/** The operator's word (admin CLI, demo seed): no date of birth. */
export function operatorAgeConfirmation(now = new Date()) {
  return { ageConfirmedAt: now, ageConfirmedBy: "operator" as const };
}

interface AgeFields {
  dateOfBirth: Date | null;
  ageConfirmedAt: Date | null;
  ageConfirmedBy: string | null;
}

export function ageConfirmationView(user: AgeFields): AgeConfirmation {
  return {
    dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    confirmedAt: user.ageConfirmedAt?.toISOString() ?? null,
    confirmedBy: (user.ageConfirmedBy as AgeConfirmation["confirmedBy"]) ?? null,
  };
}

const ageSelect = { dateOfBirth: true, ageConfirmedAt: true, ageConfirmedBy: true } as const;

/** The account's age confirmation, for its owner and for admins only. */
export async function getAgeConfirmation(services: Deps, userId: string): Promise<AgeConfirmation> {
  const db = services.database.prisma;
  const user = await db.user.findUnique({ where: { id: userId }, select: ageSelect });
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  return ageConfirmationView(user);
}

/**
 * The player confirms their date of birth (an account from before the age gate). Once only:
 * a confirmed date is not changed by its player (409). A date refused as too young is
 * remembered for the account: the same date is refused again (UNDER_AGE), another one waits
 * for an operator's review (AGE_REVIEW_REQUIRED). The user row is locked first, so two
 * confirmations at once (one too young, one not) are checked one after the other. The flag
 * open_pack reads is cleared by a trigger on this row.
 */
export async function confirmAge(services: Deps, userId: string, input: ConfirmAgeInput, now = new Date()): Promise<AgeConfirmation> {
  const db = services.database.prisma;
  const { dateOfBirth } = parseInputOrThrow(ConfirmAgeInputSchema, input);
  // The refusal is returned, not thrown, so that the refusal's record commits.
  const refusal = await db.$transaction(async (tx): Promise<AppError | null> => {
    const [user] = await tx.$queryRaw<Array<{ confirmed: boolean }>>`
      SELECT "ageConfirmedAt" IS NOT NULL AS confirmed FROM "user" WHERE id = ${userId} FOR UPDATE`;
    if (!user) return new AppError("NOT_FOUND", "No such account.");
    if (user.confirmed) return new AppError("CONFLICT", "Your age is already confirmed.");
    const remembered = await findAgeRefusal(tx, { userId });
    if (remembered && remembered.dateOfBirth !== dateOfBirth) {
      await noteAgeRefusalRetried(tx, remembered.id, now);
      return ageReviewRequired();
    }
    try {
      assertOldEnough(dateOfBirth, now);
    } catch (error) {
      if (!isUnderAge(error)) throw error;
      await rememberAgeRefusal(tx, { userId }, dateOfBirth, now);
      return error as AppError;
    }
    await tx.user.update({ where: { id: userId }, data: playerAgeConfirmation(dateOfBirth, now) });
    return null;
  });
  if (refusal) throw refusal;
  return getAgeConfirmation(services, userId);
}
