import { formatMoney, moneyToNumber } from "../money.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import type { LedgerPage } from "../contract/wallet.ts";
import type { Deps } from "../runtime/deps.ts";

export const LEDGER_PAGE_SIZE = 20;

export interface ListLedgerEntriesInput {
  userId: string;
  cursor?: string;
  limit?: number;
}

/** The account's wallet movements, newest first; their amounts sum to the balance. */
export async function listLedgerEntries(services: Deps, { userId, cursor, limit }: ListLedgerEntriesInput): Promise<LedgerPage> {
  const db = services.database.prisma;
  const take = pageLimit(limit, LEDGER_PAGE_SIZE);
  const rows = await db.ledgerEntry.findMany({
    where: { userId, ...afterPageCursor(cursor) },
    orderBy: newestFirst,
    take: take + 1,
  });
  const page = toPage(rows, take);
  return {
    entries: page.rows.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: formatMoney(entry.amount),
      balanceAfter: moneyToNumber(entry.balanceAfter),
      createdAt: entry.createdAt.toISOString(),
      note: entry.note,
      spinId: entry.spinId,
      inventoryItemId: entry.inventoryItemId,
    })),
    nextCursor: page.nextCursor,
  };
}
