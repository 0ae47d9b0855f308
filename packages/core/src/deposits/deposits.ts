import type { Db, DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { logger } from "@prizepacks/db/log";
import { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney, Money, parseMoney } from "../money.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../idempotency-key.ts";
import { decodePageCursor, encodePageCursor } from "../pagination/page-cursor.ts";
import { protectionRefusalError, type ProtectionRefusal } from "../protection/protection-refusal.ts";
import type { Deposit, DepositPage } from "../contract/deposits.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { depositEnv } from "./deposit-env.ts";
import type { DepositProvider, HeaderReader, PaymentState } from "./deposit-provider.ts";
import { recordLimitHit } from "../protection/protection-events.ts";
import { queueHarmEvaluation } from "../harm/evaluate.ts";
import { displayMoney } from "../contract/money-cents.ts";
import type { Deps } from "../runtime/deps.ts";

export const DEPOSIT_PAGE_SIZE = 20;

type DepositRow = Prisma.DepositGetPayload<object>;

function depositView(row: DepositRow): Deposit {
  return {
    id: row.id,
    status: row.status as Deposit["status"],
    amount: formatMoney(row.amount),
    currency: row.currency,
    checkoutUrl: row.checkoutUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** A deposit's amount: two decimals at most, within DEPOSIT_MIN..DEPOSIT_MAX. */
export function parseDepositAmount(text: string): Money {
  const { DEPOSIT_MIN: min, DEPOSIT_MAX: max } = depositEnv();
  let amount: Money;
  try {
    amount = parseMoney(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The amount must be a number with at most two decimals, e.g. 25.00.");
  }
  if (amount.lt(min) || amount.gt(max) || amount.isZero()) {
    throw new AppError(
      "BAD_REQUEST",
      `A deposit must be at least ${displayMoney(formatMoney(min))} and at most ${displayMoney(formatMoney(max))}.`,
    );
  }
  return amount;
}

export interface CreateDepositInput {
  userId: string;
  amount: string;
  /** A retry with the same key returns the same deposit and creates nothing. */
  idempotencyKey?: string;
  /** Where the player comes back after paying (the wallet page), under the app's public URL. */
  returnPath: (depositId: string) => string;
}

/**
 * Starts a deposit: checks player protection under the wallet lock (a pending deposit counts
 * against deposit limits from now on, see spending_entries), records it pending, then asks the
 * provider for the payment. A payment the provider could not create leaves nothing behind.
 */
export async function createDeposit(services: Deps, provider: DepositProvider, input: CreateDepositInput): Promise<Deposit> {
  const db = services.database.prisma;
  const amount = parseDepositAmount(input.amount);
  const { userId, idempotencyKey } = input;
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.");
  }
  if (idempotencyKey) {
    const earlier = await db.deposit.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } } });
    if (earlier) return replay(earlier, amount);
  }
  const id = newId();
  const currency = depositEnv().DEPOSIT_CURRENCY;
  try {
    await db.$transaction(async (tx) => {
      await lockWallet(tx, userId);
      // A statement of its own after the lock: every deposit this account committed before is counted.
      const [check] = await tx.$queryRaw<Array<{ refusal: ProtectionRefusal | null }>>`
        SELECT deposit_refusal(${userId}, ${amount.toFixed(2)}::numeric) AS refusal`;
      if (check?.refusal) throw protectionRefusalError(check.refusal);
      await tx.deposit.create({ data: { id, userId, provider: provider.name, amount, currency, idempotencyKey } });
    });
  } catch (error) {
    if (idempotencyKey && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "A deposit with this Idempotency-Key is still being created; try again shortly.");
    }
    // The refusal rolled the deposit back; the hit is recorded apart, after it (as creditWallet does).
    if (error instanceof AppError && error.code === "LIMIT_REACHED") await recordLimitHit(db, userId, error, "deposit");
    throw error;
  }
  let created;
  try {
    created = await provider.createPayment({ depositId: id, amount, currency, returnPath: input.returnPath(id) });
  } catch (error) {
    await db.deposit.delete({ where: { id } });
    throw error;
  }
  const row = await db.deposit.update({
    where: { id },
    data: { invoiceId: created.invoiceId, checkoutUrl: created.checkoutUrl, expiresAt: created.expiresAt },
  });
  // A demo payment is settled already; a real one is at least looked at once more by reconciliation.
  if (provider.name === "demo") {
    await applyPayment(services, provider.name, await provider.fetchPayment(created.invoiceId));
    return depositView(await db.deposit.findUniqueOrThrow({ where: { id } }));
  }
  return depositView(row);
}

function replay(earlier: DepositRow, amount: Money): Deposit {
  if (!earlier.amount.eq(amount)) throw new AppError("CONFLICT", "This Idempotency-Key was already used for a deposit of another amount.");
  if (!earlier.invoiceId) throw new AppError("CONFLICT", "A deposit with this Idempotency-Key is still being created; try again shortly.");
  return depositView(earlier);
}

/** Takes the wallet's row lock (creating the wallet if it has none): deposits, openings and protection changes take turns on it. */
async function lockWallet(tx: DbTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO wallet ("userId") VALUES (${userId})
    ON CONFLICT ("userId") DO UPDATE SET "hasProtection" = wallet."hasProtection"`;
}

export async function getDeposit(services: Deps, userId: string, id: string): Promise<Deposit> {
  const db = services.database.prisma;
  const row = await db.deposit.findFirst({ where: { id, userId } });
  if (!row || !row.invoiceId) throw new AppError("NOT_FOUND", "No such deposit.");
  return depositView(row);
}

/** The account's deposits, newest first (those whose payment could not be created never existed). */
export async function listDeposits(
  services: Deps,
  { userId, cursor, limit = DEPOSIT_PAGE_SIZE }: { userId: string; cursor?: string; limit?: number },
): Promise<DepositPage> {
  const db = services.database.prisma;
  const after = cursor ? decodePageCursor(cursor) : null;
  const rows = await db.deposit.findMany({
    where: {
      userId,
      invoiceId: { not: null },
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { deposits: page.map(depositView), nextCursor: rows.length > limit && last ? encodePageCursor(last) : null };
}

/**
 * Acts on a payment's state as its provider reports it (fetched, never taken from a webhook's
 * body). Settled: the deposit is credited the amount recorded at its creation, exactly once,
 * whatever came before (an expired invoice can still be paid late). Expired or invalid: a
 * pending deposit closes without money. An invoice that differs from what we created, or was
 * paid over, is credited only what we created and flagged for the operator. Any repetition,
 * in any order, changes nothing twice. Returns whether the payment is one of our deposits.
 */
export async function applyPayment(services: Deps, providerName: string, state: PaymentState): Promise<boolean> {
  const db = services.database.prisma;
  const deposit = await findDeposit(db, providerName, state);
  if (!deposit) return false;
  if (state.status === "settled") await settle(db, deposit, state);
  else if (state.status === "expired" || state.status === "invalid") {
    await db.deposit.updateMany({ where: { id: deposit.id, status: "pending" }, data: { status: state.status } });
  }
  return true;
}

/** By provider and invoice; or by our id in the invoice (orderId) when the invoice id was never recorded (a crash in between). */
async function findDeposit(db: Db, provider: string, state: PaymentState): Promise<DepositRow | null> {
  const byInvoice = await db.deposit.findUnique({ where: { provider_invoiceId: { provider, invoiceId: state.invoiceId } } });
  if (byInvoice || !state.orderId) return byInvoice;
  const byOrder = await db.deposit.findFirst({ where: { id: state.orderId, provider, invoiceId: null } });
  if (!byOrder) return null;
  await db.deposit.updateMany({ where: { id: byOrder.id, invoiceId: null }, data: { invoiceId: state.invoiceId } });
  return db.deposit.findUnique({ where: { id: byOrder.id } });
}

async function settle(db: Db, deposit: DepositRow, state: PaymentState): Promise<void> {
  const flag = mismatch(deposit, state);
  await db.$transaction(async (tx) => {
    // The deposit's row lock: of any number of concurrent settlements one passes, the rest find it settled.
    const settled = await tx.$queryRaw<Array<{ userId: string; amount: Prisma.Decimal }>>`
      UPDATE deposit SET status = 'settled', "settledAt" = now(), "updatedAt" = now(), flag = ${flag}
      WHERE id = ${deposit.id} AND status <> 'settled'
      RETURNING "userId", amount`;
    if (settled.length === 0) return;
    const { userId, amount } = deposit;
    // No protection check here: the money has been paid; the limits were checked when the deposit was created.
    const wallet = await tx.wallet.upsert({
      where: { userId },
      create: { userId, balance: amount },
      update: { balance: { increment: amount } },
    });
    const note = `${deposit.provider} invoice ${state.invoiceId}`;
    await tx.ledgerEntry.create({ data: { userId, kind: "DEPOSIT", amount, balanceAfter: wallet.balance, note, depositId: deposit.id } });
    const row = await tx.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    await recordAccountEvent(tx, userId, "deposit.settled", depositView(row));
    await recordAccountEvent(tx, userId, "wallet.changed", walletChange(wallet.balance, amount, "DEPOSIT", note));
    await queueHarmEvaluation(tx, userId);
  });
  if (flag)
    logger("deposits").warn(
      { depositId: deposit.id, invoiceId: state.invoiceId, flag },
      "deposit credited as created and flagged for the operator",
    );
}

/** Why the operator should look at this settlement, or null. */
function mismatch(deposit: DepositRow, state: PaymentState): string | null {
  const problems = [];
  if (state.currency !== deposit.currency || !new Money(state.amount).eq(deposit.amount)) {
    problems.push(
      `the invoice is for ${state.amount} ${state.currency}, the deposit for ${formatMoney(deposit.amount)} ${deposit.currency}`,
    );
  }
  if (state.overpaid) problems.push("the invoice was paid over");
  return problems.length ? `${problems.join("; ")}: credited ${formatMoney(deposit.amount)} ${deposit.currency}` : null;
}

/** Verifies a provider's webhook (401 when the signature fails, before anything is read), then fetches and applies the payment it names. */
export async function handleDepositWebhook(
  services: Deps,
  provider: DepositProvider,
  rawBody: Buffer,
  headers: HeaderReader,
): Promise<void> {
  const notice = await provider.verifyWebhook(rawBody, headers);
  if (!notice) return;
  let state: PaymentState;
  try {
    state = await provider.fetchPayment(notice.invoiceId);
  } catch (error) {
    // Not an invoice the provider knows (anymore): nothing to do, and nothing to retry.
    if (error instanceof AppError && error.code === "NOT_FOUND") return;
    throw error;
  }
  await applyPayment(services, provider.name, state);
}
