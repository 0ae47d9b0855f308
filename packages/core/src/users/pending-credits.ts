import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema } from "../schemas.ts";
import { serviceEnv } from "../service-env.ts";
import { applyAdjustment, type AdjustmentResult } from "./apply-adjustment.ts";
import type { Services } from "../runtime/services.ts";

// Four eyes on large credits: a console credit above ADMIN_CREDIT_APPROVAL_ABOVE is written
// here instead of to the wallet, and another admin approves (the credit is applied then, in
// the same transaction) or rejects it. The table's CHECK refuses a decision by the requester.

/** Above this, a console credit waits for a second admin. */
export function creditApprovalAbove(): Prisma.Decimal {
  return parseMoney(serviceEnv().ADMIN_CREDIT_APPROVAL_ABOVE);
}

export async function requestCreditApproval(
  services: Services,
  tx: DbTx,
  actor: AdminActor,
  { userId, amount, reason, approvalAbove }: { userId: string; amount: Prisma.Decimal; reason: string; approvalAbove: Prisma.Decimal },
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
      after: { pendingCreditId: pending.id, amount: formatMoney(amount), reason, approvalAbove: formatMoney(approvalAbove) },
    },
    { tx },
  );
  return { status: "pending", userId, amount: formatMoney(amount), pendingCreditId: pending.id, approvalAbove: formatMoney(approvalAbove) };
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
export async function listPendingCredits(services: Services): Promise<PendingCreditRow[]> {
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
 * admins deciding at once cannot both apply it; the requester cannot decide their own.
 */
export async function decidePendingCredit(services: Services, actor: AdminActor, input: CreditDecision): Promise<CreditDecisionResult> {
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
