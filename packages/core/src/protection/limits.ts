import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { AppError } from "../errors.ts";
import { formatMoney, Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { getExclusion } from "./exclusions.ts";
import { recordProtectionEvent } from "./protection-events.ts";
import { queueHarmEvaluation } from "../harm/evaluate.ts";
import {
  ConfirmLimitChangeInputSchema,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  SetLimitInputSchema,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  type PendingLimitChange,
  type PlayerProtection,
  type SetLimitInput,
  type SetLimitResult,
} from "../contract/protection.ts";
import type { Deps } from "../runtime/deps.ts";

/** A raise or removal waits this long before it can be confirmed… */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** …and lapses this long after that, unconfirmed. */
export const LIMIT_CONFIRM_WINDOW_DAYS = 7;

const HOUR_MS = 3_600_000;

/**
 * Serializes changes of an account's protection with its openings and deposits: all of them
 * lock the wallet row, so a lowered limit binds the very next opening, and two changes of one
 * limit cannot both open a pending change.
 */
async function lockAccount(tx: DbTx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM wallet WHERE "userId" = ${userId} FOR UPDATE`;
}

/** The limits that bind now with what counts against each, the pending changes and the exclusion. */
export async function getPlayerProtection(services: Deps, userId: string): Promise<PlayerProtection> {
  const db = services.database.prisma;
  const [limits, pending, exclusion] = await Promise.all([
    listLimits(db, userId),
    listPendingChanges(db, userId),
    getExclusion(db, userId),
  ]);
  return { limits, pending, exclusion };
}

async function listLimits(db: DbTx, userId: string): Promise<LimitView[]> {
  // What counts is summed by the same SQL the refusals use (spending_entries, limit_window).
  const rows = await db.$queryRaw<LimitRow[]>`
    SELECT l.kind, l.period, l.amount::text AS amount, w.used::text AS used, w.oldest + limit_window(l.period) AS "oldestCountsUntil"
    FROM spending_limit l
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.amount), 0) AS used, min(e.at) AS oldest
      FROM spending_entries(l."userId", l.kind, (now() - limit_window(l.period))::timestamp(3)) e
    ) w
    WHERE l."userId" = ${userId}`;
  return rows.map(limitView).sort(byKindAndPeriod);
}

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string;
  used: string;
  oldestCountsUntil: Date | null;
}

function limitView(row: LimitRow): LimitView {
  const remaining = new Money(row.amount).minus(row.used);
  return {
    kind: row.kind,
    period: row.period,
    amount: formatMoney(row.amount),
    used: formatMoney(row.used),
    remaining: formatMoney(remaining.isNegative() ? 0 : remaining),
    oldestCountsUntil: row.oldestCountsUntil?.toISOString() ?? null,
  };
}

const byKindAndPeriod = (a: { kind: LimitKind; period: LimitPeriod }, b: { kind: LimitKind; period: LimitPeriod }) =>
  LIMIT_KINDS.indexOf(a.kind) - LIMIT_KINDS.indexOf(b.kind) || LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period);

/** Open changes that have not lapsed. */
async function listPendingChanges(db: DbTx, userId: string): Promise<PendingLimitChange[]> {
  const rows = await db.spendingLimitChange.findMany({
    where: { userId, confirmedAt: null, supersededAt: null, lapsesAt: { gt: new Date() } },
  });
  return rows.map(pendingView).sort(byKindAndPeriod);
}

function pendingView(row: {
  kind: string;
  period: string;
  amount: Money | null;
  requestedAt: Date;
  confirmableAt: Date;
  lapsesAt: Date;
}): PendingLimitChange {
  return {
    kind: row.kind as LimitKind,
    period: row.period as LimitPeriod,
    amount: row.amount === null ? null : formatMoney(row.amount),
    requestedAt: row.requestedAt.toISOString(),
    confirmableAt: row.confirmableAt.toISOString(),
    lapsesAt: row.lapsesAt.toISOString(),
  };
}

/**
 * Sets, lowers, raises or removes (amount null) one limit. A new or lower limit binds at once;
 * a raise or removal becomes a pending change (24 h cooling-off, then 7 days to confirm) while
 * the current limit keeps binding. Any newer request replaces an open change of the same limit.
 */
export async function setLimit(services: Deps, userId: string, input: SetLimitInput): Promise<SetLimitResult> {
  const db = services.database.prisma;
  const { kind, period, amount } = parseInputOrThrow(SetLimitInputSchema, input);
  const key = { userId, kind, period };
  const changed = await db.$transaction(async (tx) => {
    await lockAccount(tx, userId);
    const now = new Date();
    await tx.spendingLimitChange.updateMany({ where: { ...key, confirmedAt: null, supersededAt: null }, data: { supersededAt: now } });
    const current = await tx.spendingLimit.findUnique({ where: { userId_kind_period: key } });
    const tighter = amount !== null && (current === null || new Money(amount).lte(current.amount));
    if (tighter) {
      await tx.spendingLimit.upsert({ where: { userId_kind_period: key }, create: { ...key, amount }, update: { amount } });
      return { applied: true as const };
    }
    if (current === null) return { applied: false as const, pending: null }; // removing a limit that does not exist
    const confirmableAt = new Date(now.getTime() + LIMIT_COOLING_OFF_HOURS * HOUR_MS);
    const change = await tx.spendingLimitChange.create({
      data: {
        id: newId(),
        ...key,
        amount,
        requestedAt: now,
        confirmableAt,
        lapsesAt: new Date(confirmableAt.getTime() + LIMIT_CONFIRM_WINDOW_DAYS * 24 * HOUR_MS),
      },
    });
    await recordProtectionEvent(tx, {
      userId,
      kind: amount === null ? "limit_removal_requested" : "limit_raise_requested",
      actor: "player",
      limit: { kind, period, amount },
      detail: { current: formatMoney(current.amount), confirmableAt: change.confirmableAt.toISOString() },
    });
    await queueHarmEvaluation(tx, userId);
    return { applied: false as const, pending: pendingView(change) };
  });
  if (!changed.applied) return { applied: null, pending: changed.pending };
  const view = (await listLimits(db, userId)).find((limit) => limit.kind === kind && limit.period === period) ?? null;
  return { applied: view, pending: null };
}

/**
 * An operator's limit on the player's behalf (a case of the markers of harm), inside the
 * caller's transaction: a new limit, or a lower one, binding at once like the player's own. A
 * raise, or the same amount, is refused: an operator only tightens. A pending raise or removal
 * of that limit is superseded, as a newer request of the player's would.
 */
export async function lowerLimitInTx(
  tx: DbTx,
  userId: string,
  limit: { kind: LimitKind; period: LimitPeriod; amount: Money },
): Promise<{ before: string | null; after: string }> {
  const key = { userId, kind: limit.kind, period: limit.period };
  await lockAccount(tx, userId);
  const current = await tx.spendingLimit.findUnique({ where: { userId_kind_period: key } });
  if (current && limit.amount.gte(current.amount))
    throw new AppError(
      "FORBIDDEN",
      `An operator may only lower a limit: the ${limit.kind} limit a ${limit.period} is ${formatMoney(current.amount)}; ask for less.`,
    );
  await tx.spendingLimitChange.updateMany({ where: { ...key, confirmedAt: null, supersededAt: null }, data: { supersededAt: new Date() } });
  await tx.spendingLimit.upsert({
    where: { userId_kind_period: key },
    create: { ...key, amount: limit.amount },
    update: { amount: limit.amount },
  });
  return { before: current ? formatMoney(current.amount) : null, after: formatMoney(limit.amount) };
}

/**
 * Applies a pending raise or removal once its cooling-off is over and before it lapses. Web
 * sessions only (the procedure): a bot's key cannot loosen its own limits.
 */
export async function confirmLimitChange(
  services: Deps,
  userId: string,
  input: { kind: string; period: string },
): Promise<PlayerProtection> {
  const db = services.database.prisma;
  const { kind, period } = parseInputOrThrow(ConfirmLimitChangeInputSchema, input);
  const key = { userId, kind, period };
  await db.$transaction(async (tx) => {
    await lockAccount(tx, userId);
    const change = await tx.spendingLimitChange.findFirst({ where: { ...key, confirmedAt: null, supersededAt: null } });
    const now = new Date();
    if (!change || change.lapsesAt <= now) {
      throw new AppError(
        "NOT_FOUND",
        change
          ? `The change of your ${kind} limit a ${period} lapsed at ${change.lapsesAt.toISOString()} unconfirmed; ask for it again.`
          : `There is no pending change of your ${kind} limit a ${period}.`,
      );
    }
    if (change.confirmableAt > now) {
      throw new AppError(
        "CONFLICT",
        `The change of your ${kind} limit a ${period} can be confirmed from ${change.confirmableAt.toISOString()}, 24 h after asking.`,
      );
    }
    if (change.amount === null) await tx.spendingLimit.deleteMany({ where: key });
    else {
      await tx.spendingLimit.upsert({
        where: { userId_kind_period: key },
        create: { ...key, amount: change.amount },
        update: { amount: change.amount },
      });
    }
    await tx.spendingLimitChange.update({ where: { id: change.id }, data: { confirmedAt: now } });
  });
  return getPlayerProtection(services, userId);
}
