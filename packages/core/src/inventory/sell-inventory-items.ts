import type { DbTx, InventoryStatus } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney, moneyToNumber } from "../money.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import type { SellResult } from "../contract/inventory.ts";
import type { Deps } from "../runtime/deps.ts";

export const MAX_ITEMS_PER_SALE = 100;

export interface SellInventoryItemsInput {
  userId: string;
  inventoryItemIds: string[];
}

/**
 * Sells held items for their recorded value: marks them SOLD, credits the wallet by the sum
 * and writes one ITEM_SALE entry per item, in one transaction. All or nothing: if any id is
 * not a held item of the account, nothing is sold (404 when it is not the caller's, 409 when
 * it was sold already).
 *
 * Concurrency: the conditional UPDATE locks each item and re-checks status = 'HELD' after
 * any wait, so of parallel sales of one item exactly one gets the row; the others see it
 * SOLD and roll back. The unique LedgerEntry.inventoryItemId backs this at the schema level.
 */
export async function sellInventoryItems(services: Deps, { userId, inventoryItemIds: ids }: SellInventoryItemsInput): Promise<SellResult> {
  const db = services.database.prisma;
  if (ids.length === 0 || ids.length > MAX_ITEMS_PER_SALE) {
    throw new AppError("BAD_REQUEST", `Sell 1 to ${MAX_ITEMS_PER_SALE} items at a time.`);
  }
  if (new Set(ids).size !== ids.length) throw new AppError("BAD_REQUEST", "inventoryItemIds must not repeat an id.");

  return db.$transaction(async (tx) => {
    // Rows are locked in id order, so two sales of overlapping sets cannot deadlock.
    const rows = await tx.$queryRaw<Array<{ id: string; value: Prisma.Decimal }>>`
        WITH target AS (
          SELECT id FROM inventory_item
          WHERE id = ANY(${ids}::text[]) AND "userId" = ${userId} AND status = 'HELD'
          ORDER BY id
          FOR NO KEY UPDATE
        )
        UPDATE inventory_item i SET status = 'SOLD', "soldAt" = now()
        FROM target WHERE i.id = target.id AND i.status = 'HELD'
        RETURNING i.id, i.value`;
    if (rows.length !== ids.length) {
      const soldNow = new Set(rows.map((row) => row.id));
      await throwWhyNotHeld(
        tx,
        userId,
        ids.filter((id) => !soldNow.has(id)),
      );
    }

    const valueById = new Map(rows.map((row) => [row.id, new Prisma.Decimal(row.value)]));
    const sold = ids.map((id) => ({ id, value: valueById.get(id)! }));
    const total = sold.reduce((sum, item) => sum.plus(item.value), new Prisma.Decimal(0));

    const [wallet] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
        UPDATE wallet SET balance = balance + ${total.toFixed(2)}::numeric, "updatedAt" = now()
        WHERE "userId" = ${userId}
        RETURNING balance`;
    if (!wallet) throw new Error(`Account ${userId} holds inventory but has no wallet.`);
    const balance = new Prisma.Decimal(wallet.balance);

    // One entry per item, each with the running balance, so the ledger reads as consecutive credits.
    let running = balance.minus(total);
    await tx.ledgerEntry.createMany({
      data: sold.map((item) => {
        running = running.plus(item.value);
        return { userId, kind: "ITEM_SALE" as const, amount: item.value, balanceAfter: running, inventoryItemId: item.id };
      }),
    });

    const soldView = sold.map((item) => ({ id: item.id, value: formatMoney(item.value) }));
    await recordAccountEvent(tx, userId, "item.sold", { sold: soldView, total: formatMoney(total), balanceAfter: moneyToNumber(balance) });
    await recordAccountEvent(tx, userId, "wallet.changed", walletChange(balance, total, "ITEM_SALE"));

    return {
      sold: soldView,
      total: formatMoney(total),
      balanceAfter: moneyToNumber(balance),
    };
  });
}

/** Why an item is no longer held, by its status. */
const GONE_BECAUSE: Record<Exclude<InventoryStatus, "HELD">, string> = {
  SOLD: "was already sold",
  // In a shipment: it cannot be sold, staked or exchanged.
  REDEEMING: "is in a shipment",
  SHIPPED: "is in a shipment",
  UPGRADED: "was staked in an upgrade",
  EXCHANGED: "was given in an exchange",
};

/**
 * Explains the first id that could not be taken (sold, staked, exchanged): 404 when it is not
 * the account's, else 409 with what became of it. Throwing rolls the caller's work back.
 */
export async function throwWhyNotHeld(tx: DbTx, userId: string, unsold: string[]): Promise<never> {
  const found = await tx.inventoryItem.findMany({ where: { id: { in: unsold }, userId }, select: { id: true, status: true } });
  const missing = unsold.find((id) => !found.some((item) => item.id === id));
  if (missing !== undefined) throw new AppError("NOT_FOUND", `Inventory item "${missing}" was not found.`);
  const item = found.find((row) => row.status !== "HELD") ?? found[0];
  const why = item && item.status !== "HELD" ? GONE_BECAUSE[item.status] : "was already sold";
  throw new AppError("CONFLICT", `Inventory item "${item?.id ?? unsold[0]}" ${why}.`);
}
