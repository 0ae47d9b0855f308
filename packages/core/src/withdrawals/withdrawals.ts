import { z } from "zod";
import { queueHarmEvaluation } from "../harm/evaluate.ts";
import type { DbTx } from "@prizepacks/db";
import { sqlOfTransaction as sqlOf } from "@prizepacks/db/client";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { depositEnv } from "../deposits/deposit-env.ts";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer, type KeyedRequest } from "../idempotency-key.ts";
import { formatMoney, Money, parseMoney } from "../money.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { WithdrawalStateSchema, type Withdrawal, type WithdrawalPage } from "../contract/withdrawals.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { changeMoneySetting, type MoneySettingChange } from "../settings/money-settings.ts";
import { verificationRefusalError, type VerificationRefusal } from "../verification/verification-refusal.ts";
import { approvesAutomatically } from "./auto-approval.ts";
import { processWithdrawals } from "./process-withdrawals.ts";
import { giveBack, OPEN_WITHDRAWAL_STATES, withdrawalView, type WithdrawalRow } from "./withdrawal-row.ts";
import type { PayoutProvider } from "./payout-provider.ts";
import { destinationUsableAfterHours, usableAfterText, withdrawalEnv } from "./withdrawal-env.ts";

export const WITHDRAWAL_PAGE_SIZE = 20;
/** States whose amount has left or will leave the books (the daily maximum counts them). */
const COUNTED_STATES = [...OPEN_WITHDRAWAL_STATES, "completed"];

export const RequestWithdrawalSchema = z.object({
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount: must be an amount like "25.00"'),
  destinationId: IdSchema,
});
export type RequestWithdrawalInput = z.input<typeof RequestWithdrawalSchema>;

/**
 * Requests a withdrawal to one of the account's usable destinations and reserves its amount at
 * once: under the wallet's row lock, the balance and the daily maximum are checked, the wallet
 * is debited (a WITHDRAWAL entry) and the withdrawal recorded, all in one transaction, so no
 * number of concurrent requests can overdraw or pass the maximum. Time-outs and
 * self-exclusions do not refuse it (a player can always take their money out). When
 * approvesAutomatically says so (auto-approval.ts) it is approved at once and its payout started.
 *
 * With an Idempotency-Key (the API's one mechanism, idempotency-key.ts) the key stands for this
 * amount to this destination: once the first request has finished, a repeat gets its answer back
 * before the second factor is asked again (the first used its code) and reserves nothing more.
 * The router runs an account's requests in turn in one process, so a repeat sent meanwhile
 * waits for that; on another instance it is refused as a used code, or, with a fresh code, waits
 * on the key's claim (claimKey) and replays. `checkSecondFactor` (the web transport's) runs after
 * the replay and before anything is reserved.
 */
export async function requestWithdrawal(
  services: Deps & { payouts: PayoutProvider | null },
  input: { userId: string } & RequestWithdrawalInput,
  options: { idempotencyKey?: string | undefined; checkSecondFactor?: () => Promise<void> } = {},
): Promise<Withdrawal> {
  const { amount: text, destinationId } = parseInputOrThrow(RequestWithdrawalSchema, input);
  const { userId } = input;
  const provider = services.payouts;
  if (!provider) throw new AppError("FORBIDDEN", "Withdrawals are not available: no payment server is configured.");
  const { WITHDRAWAL_MIN: min, WITHDRAWAL_DAILY_MAX: dailyMax } = withdrawalEnv();
  const amount = parseMoney(text);
  if (amount.lt(min) || amount.isZero())
    throw new AppError("BAD_REQUEST", `A withdrawal must be at least ${displayMoney(formatMoney(parseMoney(min)))}.`);
  assertIdempotencyKey(options.idempotencyKey);
  const keyed: KeyedRequest | null = options.idempotencyKey
    ? {
        userId,
        key: options.idempotencyKey,
        target: `withdrawal:${destinationId}:${amount.toFixed(2)}`,
        reused: "This Idempotency-Key was already used for another withdrawal (another amount or destination).",
      }
    : null;
  if (keyed) {
    const replay = await findReplay<Withdrawal>(services.database.sql, keyed);
    if (replay) return replay;
  }
  await options.checkSecondFactor?.();
  const db = services.database.prisma;
  const id = newId();
  const outcome = await db.$transaction(async (tx): Promise<{ replay: Withdrawal } | { row: WithdrawalRow }> => {
    if (keyed) {
      const replay = await claimKey<Withdrawal>(sqlOf(tx), keyed);
      if (replay) return { replay };
    }
    // The wallet's row lock: every money-moving request of this account waits here in turn.
    const [wallet] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
      SELECT balance FROM wallet WHERE "userId" = ${userId} FOR UPDATE`;
    const [check] = await tx.$queryRaw<Array<{ refusal: VerificationRefusal | null }>>`
      SELECT verification_refusal(${userId}, 'withdrawal', ${amount.toFixed(2)}::numeric) AS refusal`;
    if (check?.refusal) throw verificationRefusalError(check.refusal);
    const destination = await tx.payoutDestination.findFirst({ where: { id: destinationId, userId } });
    if (!destination) throw new AppError("NOT_FOUND", "No such payout destination.");
    if (destination.status !== "confirmed" || !destination.usableAt)
      throw new AppError("FORBIDDEN", "This payout destination is not confirmed yet: follow the link mailed to you when you added it.");
    if (destination.usableAt > new Date())
      throw new AppError(
        "FORBIDDEN",
        `This payout destination can be used from ${destination.usableAt.toISOString()} (${usableAfterText(destinationUsableAfterHours(), "its confirmation")}).`,
      );
    const [day] = await tx.$queryRaw<Array<{ total: Prisma.Decimal | null }>>`
      SELECT sum(amount) AS total FROM withdrawal
      WHERE "userId" = ${userId} AND state = ANY(${COUNTED_STATES}) AND "createdAt" > now() - interval '24 hours'`;
    const used = new Money(day?.total ?? 0);
    if (used.plus(amount).gt(dailyMax)) {
      const left = Prisma.Decimal.max(new Money(dailyMax).minus(used), 0);
      throw new AppError(
        "BAD_REQUEST",
        `Withdrawals are limited to ${displayMoney(formatMoney(parseMoney(dailyMax)))} in 24 hours; ${displayMoney(formatMoney(left))} is left now.`,
      );
    }
    if (!wallet || wallet.balance.lt(amount))
      throw new AppError(
        "INSUFFICIENT_BALANCE",
        `The balance (${displayMoney(formatMoney(wallet?.balance ?? 0))}) is less than the withdrawal.`,
      );
    const auto = await approvesAutomatically(tx, { userId, amount, balance: wallet.balance });
    const [debited] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
      UPDATE wallet SET balance = balance - ${amount.toFixed(2)}::numeric, "updatedAt" = now()
      WHERE "userId" = ${userId} AND balance >= ${amount.toFixed(2)}::numeric RETURNING balance`;
    if (!debited) throw new AppError("INSUFFICIENT_BALANCE", "The balance is less than the withdrawal.");
    const created = await tx.withdrawal.create({
      data: {
        id,
        userId,
        amount,
        currency: depositEnv().DEPOSIT_CURRENCY,
        destinationId,
        payoutMethodId: destination.payoutMethodId,
        address: destination.address,
        provider: provider.name,
        ...(auto && { state: "approved", decidedBy: "auto", decidedAt: new Date() }),
      },
    });
    const note = `withdrawal to ${destination.payoutMethodId} ${destination.address}`;
    await tx.ledgerEntry.create({
      data: { userId, kind: "WITHDRAWAL", amount: amount.negated(), balanceAfter: debited.balance, note, withdrawalId: id },
    });
    await recordAccountEvent(tx, userId, "withdrawal.requested", withdrawalView({ ...created, state: "requested" }));
    await recordAccountEvent(tx, userId, "wallet.changed", walletChange(debited.balance, amount.negated(), "WITHDRAWAL", note));
    if (auto) await recordAccountEvent(tx, userId, "withdrawal.approved", withdrawalView(created));
    if (keyed) await storeAnswer(sqlOf(tx), keyed, withdrawalView(created));
    await queueHarmEvaluation(tx, userId);
    return { row: created };
  });
  if ("replay" in outcome) return outcome.replay;
  if (outcome.row.state === "approved") await startPayout(services, id);
  return withdrawalView(await db.withdrawal.findUniqueOrThrow({ where: { id } }));
}

/** Starts an approved withdrawal's payout now (the payout job would within seconds); a failure is the job's to retry. */
async function startPayout(services: Deps & { payouts: PayoutProvider | null }, id: string): Promise<void> {
  await processWithdrawals(services, { ids: [id] }).catch(() => undefined);
}

export async function getWithdrawal(services: Deps, userId: string, id: string): Promise<Withdrawal> {
  const db = services.database.prisma;
  const row = await db.withdrawal.findFirst({ where: { id, userId } });
  if (!row) throw new AppError("NOT_FOUND", "No such withdrawal.");
  return withdrawalView(row);
}

/** The account's withdrawals, newest first. */
export async function listWithdrawals(
  services: Deps,
  { userId, cursor, limit }: { userId: string; cursor?: string; limit?: number },
): Promise<WithdrawalPage> {
  const db = services.database.prisma;
  const take = pageLimit(limit, WITHDRAWAL_PAGE_SIZE);
  const rows = await db.withdrawal.findMany({
    where: { userId, ...afterPageCursor(cursor) },
    orderBy: newestFirst,
    take: take + 1,
  });
  const page = toPage(rows, take);
  return { withdrawals: page.rows.map(withdrawalView), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

export interface AdminWithdrawalRow extends Withdrawal {
  userId: string;
  email: string;
  decidedBy: string | null;
  payoutId: string | null;
  /** The account's identity check was refused for good (#37): its money leaves only where an admin approves, so say so beside it. */
  identityRefused: boolean;
}

export const AdminWithdrawalFilterSchema = z.object({
  state: WithdrawalStateSchema.optional(),
  cursor: z.string().optional(),
  limit: z.number().int().min(1).max(200).optional(),
});

/** The console's list: one state or all, newest first. */
export async function listWithdrawalsForAdmin(
  services: Deps,
  input: z.input<typeof AdminWithdrawalFilterSchema>,
): Promise<{ withdrawals: AdminWithdrawalRow[]; nextCursor: string | null }> {
  const db = services.database.prisma;
  const { state, cursor, limit } = parseInputOrThrow(AdminWithdrawalFilterSchema, input);
  const take = limit ?? 50;
  const rows = await db.withdrawal.findMany({
    where: { ...(state && { state }), ...afterPageCursor(cursor) },
    orderBy: newestFirst,
    take: take + 1,
    include: { user: { select: { email: true, verification: { select: { status: true } } } } },
  });
  const page = toPage(rows, take);
  return {
    withdrawals: page.rows.map((row) => ({
      ...withdrawalView(row),
      userId: row.userId,
      email: row.user.email,
      decidedBy: row.decidedBy,
      payoutId: row.payoutId,
      identityRefused: row.user.verification?.status === "rejected",
    })),
    nextCursor: page.nextCursor,
  };
}

export const WithdrawalDecisionSchema = z
  .object({
    withdrawalId: IdSchema,
    decision: z.enum(["approve", "reject"]),
    reason: StorableText.trim().max(500).optional(),
    requestKey: RequestKeySchema.optional(),
  })
  .refine((value) => value.decision === "approve" || (value.reason ?? "").length > 0, {
    path: ["reason"],
    message: "a rejection needs a reason (the player is shown it)",
  });
export type WithdrawalDecision = z.input<typeof WithdrawalDecisionSchema>;

/**
 * An admin approves (the payout starts) or rejects (the amount is given back) a requested
 * withdrawal, with the admin log entry in the same transaction. The row is locked first, so of
 * two decisions one applies and the other is told it was decided; a repeated submission with
 * the same request key replays its result. Nobody decides their own withdrawal.
 */
export async function decideWithdrawal(
  services: Deps & { payouts: PayoutProvider | null },
  actor: AdminActor,
  input: WithdrawalDecision,
): Promise<Withdrawal> {
  const { withdrawalId, decision, reason, requestKey } = parseInputOrThrow(WithdrawalDecisionSchema, input);
  const action = decision === "approve" ? "withdrawal.approved" : "withdrawal.rejected";
  const db = services.database.prisma;
  const request = { withdrawalId, decision, reason: reason ?? null };
  const result = await runAdminMutation<Withdrawal>(db, actor, { requestKey, action, request }, async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM withdrawal WHERE id = ${withdrawalId} FOR UPDATE`;
    if (!locked) throw new AppError("NOT_FOUND", `No withdrawal ${withdrawalId}.`);
    const row = await tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
    if (row.state !== "requested")
      throw new AppError("CONFLICT", `This withdrawal was already ${row.state}${row.decidedBy ? ` (decided by ${row.decidedBy})` : ""}.`);
    if (actor.id && actor.id === row.userId)
      throw new AppError("FORBIDDEN", "An admin cannot decide their own withdrawal: another admin must.");
    const decided = { decidedById: actor.id, decidedBy: actor.email, decidedAt: new Date() };
    await writeAdminLog(
      services,
      actor,
      {
        action,
        targetType: "account",
        targetId: row.userId,
        before: { withdrawalId, state: "requested" },
        after: {
          withdrawalId,
          state: decision === "approve" ? "approved" : "rejected",
          amount: formatMoney(row.amount),
          reason: reason ?? null,
        },
      },
      { tx },
    );
    if (decision === "reject") return withdrawalView(await giveBack(tx, row, "rejected", reason ?? "", decided));
    const approved = await tx.withdrawal.update({ where: { id: withdrawalId }, data: { state: "approved", ...decided } });
    await recordAccountEvent(tx, row.userId, "withdrawal.approved", withdrawalView(approved));
    return withdrawalView(approved);
  });
  if (result.state === "approved") await startPayout(services, withdrawalId);
  return withdrawalView(await db.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } }));
}

// ---------------------------------------------------------------------------------------------
// The operator's automatic approval
// ---------------------------------------------------------------------------------------------

export async function getWithdrawalSettings(services: Deps): Promise<{ autoApproveBelow: string }> {
  return readWithdrawalSettings(services.database.prisma);
}

async function readWithdrawalSettings(db: DbTx): Promise<{ autoApproveBelow: string }> {
  const row = await db.withdrawalSettings.findUnique({ where: { id: 1 } });
  return { autoApproveBelow: formatMoney(row?.autoApproveBelow ?? 0) };
}

export const WithdrawalSettingsSchema = z.object({
  autoApproveBelow: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'autoApproveBelow: must be an amount like "50.00" ("0" turns it off)'),
  requestKey: RequestKeySchema.optional(),
});

/**
 * Withdrawals below this amount are approved without an admin; 0 turns automatic approval off.
 * A money setting (money-settings.ts): a raise from the console waits for a second admin.
 */
export async function setWithdrawalSettings(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof WithdrawalSettingsSchema>,
): Promise<MoneySettingChange> {
  const db = services.database.prisma;
  const { autoApproveBelow, requestKey } = parseInputOrThrow(WithdrawalSettingsSchema, input);
  const value = parseMoney(autoApproveBelow);
  const request = { autoApproveBelow: formatMoney(value) };
  return runAdminMutation(db, actor, { requestKey, action: "settings.withdrawal_auto_approve", request }, (tx) =>
    changeMoneySetting(services, tx, actor, { setting: "withdrawal_auto_approve_below", value }),
  );
}
