import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema } from "../contract/fields.ts";
import { applyAdjustment, type AdjustmentResult } from "./apply-adjustment.ts";
import { creditApprovalAbove, dailyCreditApprovalAbove } from "./credit-thresholds.ts";
import type { Deps } from "../runtime/deps.ts";

// Four eyes on credits: a console credit that would take an admin past ADMIN_CREDIT_APPROVAL_ABOVE
// (with their other credits to that account in 24 hours) or ADMIN_CREDIT_DAILY_APPROVAL_ABOVE
// (with all their credits in 24 hours) is written here instead of to the wallet, and another
// admin approves (the credit is applied then, in the same transaction) or rejects it. The
// table's CHECK refuses a decision by the requester; nobody moves money to their own account.

export { creditApprovalAbove, dailyCreditApprovalAbove };

/** A console admin never credits, debits or decides a credit to their own account: another admin does. */
export function assertNotOwnAccount(actor: AdminActor, userId: string): void {
  if (actor.id !== null && actor.id === userId)
    throw new AppError("FORBIDDEN", "An admin cannot move money to or from their own account: another admin must.");
}

/**
 * Credits applied by one admin alone (no second admin approved them): the admin log's
 * wallet.adjusted entries of a positive amount that did not come from a pending credit (those
 * carry `requestedBy`). The log is append-only (its trigger), so this is what happened. Entries
 * written since the thresholds were recorded carry the ones in force then (approvalAbove,
 * dailyApprovalAbove; null on older entries).
 */
export const LONE_CREDITS_SQL = Prisma.sql`
  SELECT id, "actorId", actor, "targetId", (after->>'amount')::numeric AS amount, "createdAt",
         (after->>'approvalAbove')::numeric AS "approvalAbove", (after->>'dailyApprovalAbove')::numeric AS "dailyApprovalAbove"
  FROM admin_log
  WHERE action = 'wallet.adjusted' AND after->>'requestedBy' IS NULL AND (after->>'amount')::numeric > 0`;

/**
 * The one rule deciding whether a console credit waits for a second admin: it does when this
 * admin's credits applied alone in the last 24 hours, with this one, would pass
 * ADMIN_CREDIT_APPROVAL_ABOVE for this account or ADMIN_CREDIT_DAILY_APPROVAL_ABOVE over all
 * accounts, so slices wait like one large credit. Returns why it waits, or null. The CLI (no
 * actor id) never waits. Takes the admin's advisory lock for the rest of the transaction: two
 * credits by one admin at once are summed one after the other (read committed: the second's
 * SUM, a new statement after the lock, sees the first's log entry), so neither passes alone.
 */
export async function creditNeedsSecondAdmin(
  tx: DbTx,
  actor: AdminActor,
  { userId, amount }: { userId: string; amount: Prisma.Decimal },
): Promise<{ approvalAbove: Prisma.Decimal; because: string } | null> {
  if (!actor.id) return null;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`admin-credit:${actor.id}`}, 0))`;
  const [sums] = await tx.$queryRaw<Array<{ account: Prisma.Decimal; all: Prisma.Decimal }>>`
    SELECT COALESCE(SUM(amount) FILTER (WHERE "targetId" = ${userId}), 0) AS account, COALESCE(SUM(amount), 0) AS all
    FROM (${LONE_CREDITS_SQL}) lone
    WHERE "actorId" = ${actor.id} AND "createdAt" > now() - interval '24 hours'`;
  const account = new Prisma.Decimal(sums?.account ?? 0).plus(amount);
  const all = new Prisma.Decimal(sums?.all ?? 0).plus(amount);
  const perAccount = creditApprovalAbove();
  const perAdmin = dailyCreditApprovalAbove();
  if (account.greaterThan(perAccount))
    return {
      approvalAbove: perAccount,
      because: `your credits to this account in 24 hours would come to ${formatMoney(account)}, above ${formatMoney(perAccount)}`,
    };
  if (all.greaterThan(perAdmin))
    return {
      approvalAbove: perAdmin,
      because: `your credits to all accounts in 24 hours would come to ${formatMoney(all)}, above ${formatMoney(perAdmin)}`,
    };
  return null;
}

export async function requestCreditApproval(
  services: Deps,
  tx: DbTx,
  actor: AdminActor,
  {
    userId,
    amount,
    reason,
    approvalAbove,
    because,
  }: { userId: string; amount: Prisma.Decimal; reason: string; approvalAbove: Prisma.Decimal; because: string },
): Promise<AdjustmentResult & { status: "pending" }> {
  if (!actor.id) throw new AppError("FORBIDDEN", "Only a signed-in admin asks for an approval.");
  if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", `No account ${userId}.`);
  const pending = await tx.pendingCredit.create({
    data: { userId, amount, reason, requestedById: actor.id, requestedBy: actor.email },
  });
  await writeAdminLog(
    services,
    actor,
    {
      action: "credit.requested",
      targetType: "account",
      targetId: userId,
      after: { pendingCreditId: pending.id, amount: formatMoney(amount), reason, approvalAbove: formatMoney(approvalAbove), because },
    },
    { tx },
  );
  return {
    status: "pending",
    userId,
    amount: formatMoney(amount),
    pendingCreditId: pending.id,
    approvalAbove: formatMoney(approvalAbove),
    because,
  };
}

export interface PendingCreditRow {
  id: string;
  userId: string;
  email: string;
  amount: string;
  reason: string;
  requestedBy: string;
  requestedById: string;
  createdAt: string;
}

/** The credits waiting for a decision, oldest first (the order they should be looked at). */
export async function listPendingCredits(services: Deps): Promise<PendingCreditRow[]> {
  const db = services.database.prisma;
  const rows = await db.pendingCredit.findMany({
    where: { status: "pending" },
    orderBy: { createdAt: "asc" },
    take: 200,
    include: { user: { select: { email: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.user.email,
    amount: formatMoney(row.amount),
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedById: row.requestedById,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const CreditDecisionSchema = z.object({
  pendingCreditId: IdSchema,
  decision: z.enum(["approve", "reject"]),
  requestKey: RequestKeySchema.optional(),
});
export type CreditDecision = z.input<typeof CreditDecisionSchema>;

export type CreditDecisionResult = { pendingCreditId: string; status: "approved" | "rejected"; balance: string | null };

/**
 * Approves (applies the credit) or rejects a pending credit. The row is locked first, so two
 * admins deciding at once cannot both apply it; neither the requester nor the credited admin
 * decides it.
 */
export async function decidePendingCredit(services: Deps, actor: AdminActor, input: CreditDecision): Promise<CreditDecisionResult> {
  const db = services.database.prisma;
  const { pendingCreditId, decision, requestKey } = parseInputOrThrow(CreditDecisionSchema, input);
  if (!actor.id) throw new AppError("FORBIDDEN", "A pending credit is decided by a signed-in admin.");
  const approverId = actor.id;
  const action = decision === "approve" ? "credit.approved" : "credit.rejected";
  return runAdminMutation<CreditDecisionResult>(db, actor, { requestKey, action, request: { pendingCreditId, decision } }, async (tx) => {
    const [pending] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM pending_credit WHERE id = ${pendingCreditId} FOR UPDATE`;
    if (!pending) throw new AppError("NOT_FOUND", `No pending credit ${pendingCreditId}.`);
    const credit = await tx.pendingCredit.findUniqueOrThrow({ where: { id: pendingCreditId } });
    if (credit.status !== "pending") throw new AppError("CONFLICT", `This credit was already ${credit.status} by ${credit.decidedBy}.`);
    if (credit.requestedById === approverId)
      throw new AppError("FORBIDDEN", "The admin who asked for a credit cannot decide it: another admin must.");
    assertNotOwnAccount(actor, credit.userId);
    const status = decision === "approve" ? "approved" : "rejected";
    await tx.pendingCredit.update({
      where: { id: pendingCreditId },
      data: { status, decidedById: approverId, decidedBy: actor.email, decidedAt: new Date() },
    });
    await writeAdminLog(
      services,
      actor,
      {
        action,
        targetType: "account",
        targetId: credit.userId,
        before: { status: "pending" },
        after: { pendingCreditId, status, amount: formatMoney(credit.amount), requestedBy: credit.requestedBy },
      },
      { tx },
    );
    if (status === "rejected") return { pendingCreditId, status, balance: null };
    const applied = await applyAdjustment(services, tx, actor, {
      userId: credit.userId,
      signed: new Prisma.Decimal(credit.amount),
      reason: credit.reason,
      requestedBy: credit.requestedBy,
    });
    return { pendingCreditId, status, balance: applied.balance };
  });
}
