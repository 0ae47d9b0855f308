import { z } from "zod";
import type { DbTx } from "@prizepacks/db";
import { sqlOfTransaction } from "@prizepacks/db/client";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import { IdSchema } from "../contract/fields.ts";
import { centsToMoney, moneyToCents } from "../contract/money-cents.ts";
import { MAX_EXCHANGE_ITEMS, type ExchangeResult } from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer } from "../idempotency-key.ts";
import { throwWhyNotHeld } from "../inventory/sell-inventory-items.ts";
import { formatMoney, Money, moneyToNumber } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { protectionRefusalError } from "../protection/protection-refusal.ts";
import type { VerificationRefusal } from "../verification/verification-refusal.ts";
import type { Deps } from "../runtime/deps.ts";
import { readGameSettings } from "../settings/money-settings.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { findCatalogTarget, type CatalogTarget } from "./upgrade-targets.ts";

export const ExchangeInputSchema = z.object({
  inventoryItemIds: z
    .array(IdSchema)
    .min(1)
    .max(MAX_EXCHANGE_ITEMS)
    .refine((ids) => new Set(ids).size === ids.length, "inventoryItemIds must not repeat an id")
    .meta({ description: `1 to ${MAX_EXCHANGE_ITEMS} distinct ids of held inventory items: what is given.` }),
  targetItemIds: z
    .array(IdSchema)
    .min(1)
    .max(MAX_EXCHANGE_ITEMS)
    .meta({ description: `1 to ${MAX_EXCHANGE_ITEMS} ids of shippable items of active packs (an id twice takes two): what is taken.` }),
});
export type ExchangeInput = z.input<typeof ExchangeInputSchema>;

const BPS = 10_000n;

/**
 * The cash an exchange pays: given × (1 − fee) − received, rounded down to the cent, or null
 * when the targets are worth more than that. Exact: cents and basis points as integers.
 */
export function exchangeRemainderCents(givenCents: bigint, receivedCents: bigint, feeBps: number): bigint | null {
  const scaled = givenCents * (BPS - BigInt(feeBps)) - receivedCents * BPS;
  return scaled < 0n ? null : scaled / BPS;
}

/**
 * Trades held items for shippable items of active packs (#38): allowed when the targets are worth
 * at most what is given less the exchange fee; the given items become EXCHANGED, each target a
 * new HELD item at its value, and the remainder (rounded down to the cent) is paid to the wallet
 * by one EXCHANGE entry when it is more than 0. One transaction, all or nothing.
 *
 * Not a wager (no chance is involved), so no limit counts it; but it moves value, so an exclusion
 * refuses it, asked after the wallet's lock (an exclusion's insert takes that lock too, through
 * wallet_mark_protected, so one committed before is seen).
 *
 * Concurrency: the given items are locked in id order and re-checked HELD after any wait, so of
 * concurrent requests taking one item exactly one gets it (exchange_item's unique item backs it).
 */
export async function exchangeItems(
  services: Deps & { catalog: CatalogCache },
  userId: string,
  input: ExchangeInput,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<ExchangeResult> {
  const { inventoryItemIds: ids, targetItemIds } = parseInputOrThrow(ExchangeInputSchema, input);
  assertIdempotencyKey(idempotencyKey);
  const { database } = services;
  const keyed = idempotencyKey
    ? { userId, key: idempotencyKey, target: `exchange:${[...ids].sort().join(",")}:${[...targetItemIds].sort().join(",")}` }
    : null;
  if (keyed) {
    const replay = await findReplay<ExchangeResult>(database.sql, keyed);
    if (replay) return replay;
  }
  const targets: CatalogTarget[] = [];
  for (const id of targetItemIds) {
    const target = await findCatalogTarget(services.catalog, id);
    if (!target) throw new AppError("NOT_FOUND", `Item "${id}" is not an item of an active pack.`);
    if (!target.target.ships)
      throw new AppError("BAD_REQUEST", `Item "${id}" cannot be shipped: only shippable items can be taken in an exchange.`);
    targets.push(target);
  }
  const receivedCents = targets.reduce((sum, target) => sum + target.valueCents, 0n);

  return database.prisma.$transaction(async (tx) => {
    if (keyed) {
      const replay = await claimKey<ExchangeResult>(sqlOfTransaction(tx), keyed);
      if (replay) return replay;
    }
    const { exchangeFeeBps: feeBps } = await readGameSettings(tx);
    // The given items first, then the wallet: the order a sale and an upgrade lock them in.
    const given = await tx.$queryRaw<Array<{ id: string; value: Prisma.Decimal }>>`
      WITH target AS (
        SELECT id FROM inventory_item
        WHERE id = ANY(${ids}::text[]) AND "userId" = ${userId} AND status = 'HELD'
        ORDER BY id
        FOR NO KEY UPDATE
      )
      UPDATE inventory_item i SET status = 'EXCHANGED'
      FROM target WHERE i.id = target.id AND i.status = 'HELD'
      RETURNING i.id, i.value`;
    if (given.length !== ids.length) await throwWhyNotHeld(tx, userId, ids);
    const [wallet] = await tx.$queryRaw<
      Array<{ balance: Prisma.Decimal }>
    >`SELECT balance FROM wallet WHERE "userId" = ${userId} FOR UPDATE`;
    if (!wallet) throw new Error(`Account ${userId} holds inventory but has no wallet.`);
    await assertNotExcluded(tx, userId);

    const valueById = new Map(given.map((row) => [row.id, formatMoney(row.value)]));
    const givenItems = ids.map((id) => ({ id, value: valueById.get(id)! }));
    const givenCents = givenItems.reduce((sum, item) => sum + moneyToCents(item.value), 0n);
    const cashCents = exchangeRemainderCents(givenCents, receivedCents, feeBps);
    if (cashCents === null) {
      throw new AppError(
        "BAD_REQUEST",
        `The items taken are worth ${centsToMoney(receivedCents)}, more than the ${centsToMoney((givenCents * (BPS - BigInt(feeBps))) / BPS)} the items given fetch after the ${feeBps / 100} % fee.`,
      );
    }
    const exchangeId = newId();
    const cash = centsToMoney(cashCents);
    const exchange = await tx.exchange.create({
      data: {
        id: exchangeId,
        userId,
        givenValue: centsToMoney(givenCents),
        receivedValue: centsToMoney(receivedCents),
        feeBps,
        cash,
        idempotencyKey: idempotencyKey ?? null,
      },
    });
    await tx.exchangeItem.createMany({ data: givenItems.map((item) => ({ exchangeId, inventoryItemId: item.id, value: item.value })) });
    const received = targets.map(({ target }) => ({ id: newId(), itemId: target.id, value: target.value }));
    await tx.inventoryItem.createMany({ data: received.map((item) => ({ ...item, userId, exchangeId })) });

    let balance = new Money(wallet.balance);
    if (cashCents > 0n) {
      const [credited] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
        UPDATE wallet SET balance = balance + ${cash}::numeric, "updatedAt" = now() WHERE "userId" = ${userId} RETURNING balance`;
      balance = new Money(credited!.balance);
      await tx.ledgerEntry.create({ data: { userId, kind: "EXCHANGE", amount: cash, balanceAfter: balance, exchangeId } });
    }
    const result: ExchangeResult = {
      exchange: {
        id: exchangeId,
        givenValue: centsToMoney(givenCents),
        receivedValue: centsToMoney(receivedCents),
        feeBps,
        cash,
        createdAt: exchange.createdAt.toISOString(),
      },
      given: givenItems,
      received,
      balanceAfter: moneyToNumber(balance),
    };
    await recordAccountEvent(tx, userId, "exchange.completed", result);
    if (cashCents > 0n) await recordAccountEvent(tx, userId, "wallet.changed", walletChange(balance, new Money(cash), "EXCHANGE"));
    if (keyed) await storeAnswer(sqlOfTransaction(tx), keyed, result);
    return result;
  });
}

/** An exclusion in force refuses the exchange with the 403 an opening gets (EXCLUDED); limits do not (it is no wager). */
async function assertNotExcluded(tx: DbTx, userId: string): Promise<void> {
  const [exclusion] = await tx.$queryRaw<Array<{ kind: string; period: string; endsAt: string | null; resumesAt: string | null }>>`
    SELECT kind, period, to_char("endsAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endsAt",
           to_char("resumeRequestedAt" + interval '24 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "resumesAt"
    FROM binding_exclusion(${userId})`;
  if (exclusion) throw protectionRefusalError({ code: "EXCLUDED", ...exclusion });
  // Closed with play: a check refused for good, or an operator's hold (#37); held items would otherwise turn into goods to ship.
  const [check] = await tx.$queryRaw<Array<{ refusal: VerificationRefusal | null }>>`
    SELECT verification_refusal(${userId}, 'open', 0) AS refusal`;
  if (check?.refusal) throw protectionRefusalError(check.refusal);
}
