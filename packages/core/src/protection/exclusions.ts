import type { Db, DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { prismaSql } from "@prizepacks/db/prisma";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { lockOpenBattlesOf, OpenBattlesChanged } from "../battles/leave-battle.ts";
import { assertTypedConfirmation, RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { verifyAccountPassword } from "../users/users.ts";
import { recordProtectionEvent, type ProtectionEventActor } from "./protection-events.ts";
import { protectionRefusalError } from "./protection-refusal.ts";
import {
  EXCLUSION_PERIODS,
  SELF_EXCLUSION_PERIODS,
  SetExclusionInputSchema,
  type ExclusionPeriod,
  type ExclusionView,
} from "../contract/protection.ts";
import type { Deps } from "../runtime/deps.ts";

/** After a self-exclusion ends, play resumes this long after the player asks. */
export const RESUME_DELAY_HOURS = 24;

/**
 * Who asks: the player themself (web session with the password, or their API key for a
 * time-out), or an operator on the player's request (CLI, console). Either way it is logged.
 */
export type ExclusionRequester = { player: true } | { operator: AdminActor };

interface ExclusionRow {
  kind: string;
  period: string;
  startsAt: Date;
  endsAt: Date | null;
  resumeRequestedAt: Date | null;
}

function exclusionView(row: ExclusionRow): ExclusionView {
  return {
    kind: row.kind as ExclusionView["kind"],
    period: row.period as ExclusionPeriod,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    resumesAt: row.resumeRequestedAt ? new Date(row.resumeRequestedAt.getTime() + RESUME_DELAY_HOURS * 3_600_000).toISOString() : null,
  };
}

/** The exclusion that binds now (the SQL rule, binding_exclusion, the one open_pack applies). */
async function bindingExclusion(db: DbTx, userId: string): Promise<(ExclusionRow & { id: string }) | null> {
  const [row] = await db.$queryRaw<Array<ExclusionRow & { id: string }>>`
    SELECT id, kind, period, "startsAt", "endsAt", "resumeRequestedAt" FROM binding_exclusion(${userId})`;
  return row ?? null;
}

export async function getExclusion(db: DbTx, userId: string): Promise<ExclusionView | null> {
  const row = await bindingExclusion(db, userId);
  return row && exclusionView(row);
}

/** When an exclusion of this period, starting now, ends (null: permanent). Months by the calendar. */
export function exclusionEnd(period: ExclusionPeriod, from: Date): Date | null {
  const end = new Date(from);
  switch (period) {
    case "24h":
      return new Date(from.getTime() + 24 * 3_600_000);
    case "7d":
      return new Date(from.getTime() + 7 * 24 * 3_600_000);
    case "30d":
      return new Date(from.getTime() + 30 * 24 * 3_600_000);
    case "6w":
      return new Date(from.getTime() + 42 * 24 * 3_600_000);
    case "6m":
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case "1y":
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case "5y":
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
    case "permanent":
      return null;
  }
}

async function actorOf(db: DbTx, userId: string, by: ExclusionRequester): Promise<AdminActor> {
  if ("operator" in by) return by.operator;
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  return { id: userId, email: user.email };
}

const eventActor = (by: ExclusionRequester): ProtectionEventActor => ("operator" in by ? by.operator : "player");

/**
 * A refused attempt to end or shorten an exclusion: recorded in the protection event log (in a
 * transaction of its own, since the refused change never commits), then the EXCLUDED refusal
 * with the end date.
 */
async function refuseShortening(db: Db, by: ExclusionRequester, userId: string, binding: ExclusionRow, attempt: string): Promise<never> {
  await db.$transaction((tx) =>
    recordProtectionEvent(tx, {
      userId,
      kind: "exclusion_refused",
      actor: eventActor(by),
      exclusionPeriod: binding.period,
      detail: { attempt, binding: exclusionView(binding) },
    }),
  );
  const view = exclusionView(binding);
  const refusal = protectionRefusalError({
    code: "EXCLUDED",
    kind: view.kind,
    period: view.period,
    endsAt: view.endsAt,
    resumesAt: view.resumesAt,
  });
  throw new AppError("EXCLUDED", `An exclusion cannot be shortened or lifted early, by anyone. ${refusal.message}`, refusal.details);
}

/** Thrown inside setExclusion's transaction, so that it rolls back (with a console request's claim). */
class ShorteningRefused extends Error {
  constructor(readonly binding: ExclusionRow) {
    super("an exclusion cannot be shortened");
  }
}

/**
 * Starts a time-out or self-exclusion now. While another binds, only one that ends no earlier
 * is taken (it extends); a shorter one would read as an attempt to shorten: refused, logged.
 * The player's open battles are cancelled and every seat refunded in the same transaction; a
 * battle already locked plays out (its play started before). An operator's request from the
 * console carries its form's requestKey and applies once.
 */
export async function setExclusion(
  services: Deps,
  userId: string,
  input: { period: string; requestKey?: string },
  by: ExclusionRequester,
): Promise<ExclusionView> {
  const db = services.database.prisma;
  const { period } = parseInputOrThrow(SetExclusionInputSchema, input);
  const kind = (SELF_EXCLUSION_PERIODS as readonly string[]).includes(period) ? "self_exclusion" : "timeout";
  const actor = await actorOf(db, userId, by);
  const perform = async (tx: DbTx): Promise<ExclusionView> => {
    // The wallet lock orders this with the account's openings and battle entries: none commits
    // after it. The open battles' rows are locked before it, as every battle path takes them.
    // Battle SQL on Prisma's transaction (prismaSql): the exclusion, the admin log, a console
    // request's claim and the protection event are all written through Prisma, in this one.
    const cancelOpenBattles = await lockOpenBattlesOf(prismaSql(tx), userId);
    const now = new Date();
    const endsAt = exclusionEnd(period, now);
    const binding = await bindingExclusion(tx, userId);
    if (binding && (binding.endsAt === null || (endsAt !== null && endsAt < binding.endsAt))) throw new ShorteningRefused(binding);
    const row = await tx.playerExclusion.create({
      data: {
        id: newId(),
        userId,
        kind,
        period,
        startsAt: now,
        endsAt,
        setById: actor.id,
        setBy: "operator" in by ? `operator:${actor.email}` : "player",
      },
    });
    await cancelOpenBattles();
    const view = exclusionView(row);
    await writeAdminLog(services, actor, { action: "account.excluded", targetType: "account", targetId: userId, after: view }, { tx });
    await recordProtectionEvent(tx, { userId, kind: "exclusion_set", actor: eventActor(by), exclusionPeriod: period, detail: view });
    return view;
  };
  const request = { userId, period };
  const run = () =>
    "operator" in by
      ? runAdminMutation(db, by.operator, { requestKey: input.requestKey, action: "account.excluded", request }, perform)
      : db.$transaction(perform);
  try {
    // Once more when a join of the player's committed under it (OpenBattlesChanged): the second
    // run locks that battle in order. A join after the wallet lock waits and is refused.
    return await run().catch((error: unknown) => {
      if (error instanceof OpenBattlesChanged) return run();
      throw error;
    });
  } catch (error) {
    if (error instanceof ShorteningRefused) return refuseShortening(db, by, userId, error.binding, `set ${period}`);
    if (error instanceof OpenBattlesChanged)
      throw new AppError("UNAVAILABLE", "The account's battles changed while this was being set; nothing was set, try again.", {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    throw error;
  }
}

export const OperatorExclusionSchema = z.object({
  userId: IdSchema,
  period: z.enum(EXCLUSION_PERIODS),
  /** The account's e-mail typed back. */
  confirmation: StorableText.trim().max(320).optional(),
  requestKey: RequestKeySchema.optional(),
});
export type OperatorExclusionInput = z.input<typeof OperatorExclusionSchema>;

/**
 * The console's "Exclude on the player's request": the account's e-mail typed back, then the
 * same setExclusion the CLI's user:exclude runs. There is no way back, here or anywhere.
 */
export async function excludeOnPlayersRequest(services: Deps, actor: AdminActor, input: OperatorExclusionInput): Promise<ExclusionView> {
  const db = services.database.prisma;
  const { userId, period, confirmation, requestKey } = parseInputOrThrow(OperatorExclusionSchema, input);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw new AppError("NOT_FOUND", `No account ${userId}.`);
  assertTypedConfirmation(actor, user.email, confirmation, `exclude it (${period})`);
  return setExclusion(services, userId, { period, requestKey }, { operator: actor });
}

/**
 * The player's own time-out or self-exclusion, from the web app: it cannot be undone, so it
 * takes the sign-in password, not only a session that someone else may be holding.
 */
export async function setOwnExclusion(services: Deps, userId: string, input: { period: string; password: string }): Promise<ExclusionView> {
  const db = services.database.prisma;
  if (!(await verifyAccountPassword(db, userId, input.password))) {
    throw new AppError("BAD_REQUEST", "password: this is not the account's password.", {
      issues: [{ path: ["password"], message: "this is not the account's password." }],
    });
  }
  return setExclusion(services, userId, { period: input.period }, { player: true });
}

/**
 * Any request to lift an exclusion (the CLI's user:unexclude, the console): always refused
 * while one binds, and logged. Nobody can end one early; it ends by itself.
 */
export async function liftExclusion(services: Deps, userId: string, by: ExclusionRequester): Promise<never> {
  const db = services.database.prisma;
  await actorOf(db, userId, by); // NOT_FOUND for no such account
  const binding = await bindingExclusion(db, userId);
  if (!binding) throw new AppError("NOT_FOUND", "This account has no exclusion in force.");
  return refuseShortening(db, by, userId, binding, "lift");
}

/**
 * After a self-exclusion has ended, the player asks to play again; play resumes 24 h later.
 * Asking before the end is an attempt to lift it: refused and logged.
 */
export async function requestResume(services: Deps, userId: string): Promise<ExclusionView> {
  const db = services.database.prisma;
  const player = { player: true } as const;
  await actorOf(db, userId, player); // NOT_FOUND for no such account
  const binding = await bindingExclusion(db, userId);
  if (!binding || binding.kind !== "self_exclusion") {
    if (binding) return refuseShortening(db, player, userId, binding, "resume");
    throw new AppError("NOT_FOUND", "This account has no self-exclusion to resume from.");
  }
  if (binding.endsAt === null || binding.endsAt > new Date()) return refuseShortening(db, player, userId, binding, "resume");
  if (binding.resumeRequestedAt) return exclusionView(binding);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.playerExclusion.update({ where: { id: binding.id }, data: { resumeRequestedAt: new Date() } });
    await recordProtectionEvent(tx, {
      userId,
      kind: "resume_requested",
      actor: "player",
      exclusionPeriod: updated.period,
      detail: exclusionView(updated),
    });
    return updated;
  });
  return exclusionView(row);
}
