import type { LedgerKind } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { moneyPercent } from "../contract/money-cents.ts";
import { formatMoney, Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import {
  LedgerExportInputSchema,
  MonthlyStatementInputSchema,
  parseDay,
  type LedgerExportInput,
  type MonthlyStatement,
  type MonthlyStatementInput,
} from "../contract/statements.ts";
import { getPlayTotals, playTotalsSql } from "../protection/play-totals.ts";
import type { Deps } from "../runtime/deps.ts";

const DAY_MS = 86_400_000;

/** The month as YYYY-MM (UTC) that `at` falls in. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** A statement's line of money in or out of the balance. */
type StatementLine = "deposits" | "withdrawals" | "sales" | "adjustments" | "rewards" | "shipping" | "play";

/**
 * The line each ledger kind is on. Every kind is on one (the type says so), so a month's opening
 * balance plus its lines is its closing balance, to the cent. Play is one line, whatever the
 * game: what it cost is `wagered`.
 */
const LINE_OF_KIND = {
  DEPOSIT: "deposits",
  WITHDRAWAL: "withdrawals",
  WITHDRAWAL_RETURN: "withdrawals",
  ITEM_SALE: "sales",
  ADJUSTMENT: "adjustments",
  SHIPPING_FEE: "shipping",
  SHIPPING_REFUND: "shipping",
  PACK_OPEN: "play",
  BATTLE_ENTRY: "play",
  BATTLE_REFUND: "play",
  // An exchange's remainder is items turned into money, as a sale is.
  EXCHANGE: "sales",
  // Rewards paid in cash (#39): rakeback and promo codes, never deposits.
  REWARD: "rewards",
} as const satisfies Record<LedgerKind, StatementLine>;

/**
 * The account's summary of one calendar month (UTC): every game played (wagered: what play cost,
 * openings and battles; won: the items' values when won, by getPlayTotals), and the money in and
 * out on each line of LINE_OF_KIND, with the balance either side. Amounts are summed in SQL as
 * numeric and come back as text: exact. The balances are sums of the ledger, which is what the
 * balance is (wallet.ts).
 */
export async function getMonthlyStatement(services: Deps, userId: string, input: MonthlyStatementInput = {}): Promise<MonthlyStatement> {
  const db = services.database.prisma;
  const month = parseInputOrThrow(MonthlyStatementInputSchema, input).month ?? monthOf(new Date());
  const from = new Date(`${month}-01T00:00:00.000Z`);
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + 1);
  // Every figure the closing balance is made of, wagered too, comes from this one statement (one
  // snapshot): summed apart, a game committing between two reads would make them disagree. Won
  // and the count of openings are not in that sum, so they may come from a read of their own.
  const [kinds, play, [staked]] = await Promise.all([
    db.$queryRaw<Array<{ kind: LedgerKind; before: string; during: string }>>`
      SELECT kind,
        coalesce(sum(amount) FILTER (WHERE "createdAt" < ${from}), 0)::text AS before,
        coalesce(sum(amount) FILTER (WHERE "createdAt" >= ${from}), 0)::text AS during
      FROM ledger_entry WHERE "userId" = ${userId} AND "createdAt" < ${to}
      GROUP BY kind`,
    getPlayTotals(services, userId, { from, to }),
    // Upgrades wager items, not money: no ledger entry, so their stakes are added to the wagered.
    db.$queryRaw<Array<{ staked: string }>>`
      SELECT coalesce(sum("stakeValue"), 0)::text AS staked FROM upgrade
      WHERE "userId" = ${userId} AND "createdAt" >= ${from} AND "createdAt" < ${to}`,
  ]);
  const zero = new Money(0);
  const lines: Record<StatementLine, Money> = {
    deposits: zero,
    withdrawals: zero,
    sales: zero,
    adjustments: zero,
    rewards: zero,
    shipping: zero,
    play: zero,
  };
  let opening = zero;
  let battles = zero;
  for (const { kind, before, during } of kinds) {
    opening = opening.plus(before);
    lines[LINE_OF_KIND[kind]] = lines[LINE_OF_KIND[kind]].plus(during);
    if (kind === "BATTLE_ENTRY" || kind === "BATTLE_REFUND") battles = battles.minus(during);
  }
  const closing = Object.values(lines).reduce((sum, amount) => sum.plus(amount), opening);
  const wagered = lines.play.negated().plus(staked?.staked ?? 0);
  return {
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    openingBalance: formatMoney(opening),
    closingBalance: formatMoney(closing),
    openings: play.openings,
    wagered: formatMoney(wagered),
    won: formatMoney(play.won),
    net: formatMoney(play.won.minus(wagered)),
    deposits: formatMoney(lines.deposits),
    // Money out is shown as what left: positive.
    withdrawals: formatMoney(lines.withdrawals.negated()),
    sales: formatMoney(lines.sales),
    adjustments: formatMoney(lines.adjustments),
    rewards: formatMoney(lines.rewards),
    shipping: formatMoney(lines.shipping.negated()),
    battles: formatMoney(battles),
  };
}

/** The ledger kinds on one line of LINE_OF_KIND, for a FILTER in SQL. */
function kindsOnLine(line: StatementLine): Prisma.Sql {
  const kinds = Object.entries(LINE_OF_KIND).filter(([, on]) => on === line);
  return Prisma.join(kinds.map(([kind]) => Prisma.sql`${kind}::"LedgerKind"`));
}

/** An account's whole history in the figures an operator looks at first (the console's account page). */
export interface PlayerSummary {
  openings: number;
  battles: number;
  wagered: string;
  won: string;
  net: string;
  /** won as a percentage of wagered, one decimal ("87.5"); null before anything was wagered. */
  realisedReturnPercent: string | null;
  deposits: string;
  /** What left the balance for withdrawals, less what was given back: positive. */
  withdrawals: string;
}

/**
 * The monthly statement's figures over the account's whole history, in one statement (one
 * snapshot, so play and money agree): wagered and won by getPlayTotals' rule, deposits and
 * withdrawals by the statement's lines (LINE_OF_KIND), so the summary and the statements of
 * every month add up to the same.
 */
export async function getPlayerSummary(services: Deps, userId: string): Promise<PlayerSummary> {
  const [row] = await services.database.prisma.$queryRaw<
    Array<{ openings: number; battles: number; paid: string; lost: string; deposits: string; withdrawals: string }>
  >`
    SELECT play.openings, play.battles, play.paid, play.lost, money.deposits, money.withdrawals
    FROM (${playTotalsSql(userId, {})}) play,
      (SELECT coalesce(sum(amount) FILTER (WHERE kind IN (${kindsOnLine("deposits")})), 0)::text AS deposits,
              coalesce(-sum(amount) FILTER (WHERE kind IN (${kindsOnLine("withdrawals")})), 0)::text AS withdrawals
       FROM ledger_entry WHERE "userId" = ${userId}) money`;
  const wagered = new Money(row?.paid ?? 0);
  const won = wagered.minus(row?.lost ?? 0);
  return {
    openings: row?.openings ?? 0,
    battles: row?.battles ?? 0,
    wagered: formatMoney(wagered),
    won: formatMoney(won),
    net: formatMoney(won.minus(wagered)),
    realisedReturnPercent: wagered.isZero() ? null : moneyPercent(formatMoney(won), formatMoney(wagered)),
    deposits: formatMoney(row?.deposits ?? 0),
    withdrawals: formatMoney(row?.withdrawals ?? 0),
  };
}

export const LEDGER_CSV_HEADER = [
  "date",
  "kind",
  "amount",
  "balance_after",
  "description",
  "note",
  "entry_id",
  "spin_id",
  "inventory_item_id",
] as const;

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break (quotes doubled). Free
 * text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe;
 * amounts are written by us and are never free text, so "-3.00" stays a number.
 */
export function csvField(value: string, freeText = false): string {
  const safe = freeText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

interface LedgerCsvRow {
  id: string;
  kind: string;
  amount: string;
  balanceAfter: string;
  note: string | null;
  spinId: string | null;
  inventoryItemId: string | null;
  createdAt: Date;
  pack: string | null;
  wonItem: string | null;
  wonValue: string | null;
  soldItem: string | null;
}

function description(row: LedgerCsvRow): string {
  if (row.kind === "PACK_OPEN" && row.pack) return `Opened ${row.pack}: ${row.wonItem ?? "?"} worth ${formatMoney(row.wonValue ?? 0)}`;
  if (row.kind === "ITEM_SALE" && row.soldItem) return `Sold ${row.soldItem}`;
  return { DEPOSIT: "Deposit", ADJUSTMENT: "Adjustment by an operator" }[row.kind] ?? row.kind;
}

const CSV_BATCH = 1000;

/**
 * The account's ledger over whole UTC days (both included) as CSV: a header row, then one row
 * per entry oldest first, CRLF line ends (RFC 4180), amounts exactly as stored (2 dp). Read
 * in keyset batches, so a long range never holds one huge result.
 */
export async function exportLedgerCsv(
  services: Deps,
  userId: string,
  input: LedgerExportInput,
): Promise<{ filename: string; csv: string; rows: number }> {
  const db = services.database.prisma;
  const range = parseInputOrThrow(LedgerExportInputSchema, input);
  const from = parseDay(range.from)!;
  const to = new Date(parseDay(range.to)!.getTime() + DAY_MS);
  const lines = [LEDGER_CSV_HEADER.join(",")];
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const batch: LedgerCsvRow[] = await db.$queryRaw<LedgerCsvRow[]>`
      SELECT l.id, l.kind::text AS kind, l.amount::text AS amount, l."balanceAfter"::text AS "balanceAfter", l.note,
        l."spinId", l."inventoryItemId", l."createdAt", p.name AS pack, wi.name AS "wonItem", s.value::text AS "wonValue",
        si.name AS "soldItem"
      FROM ledger_entry l
      LEFT JOIN spin s ON s.id = l."spinId"
      LEFT JOIN pack p ON p.id = s."packId"
      LEFT JOIN pack_item wi ON wi.id = s."itemId"
      LEFT JOIN inventory_item inv ON inv.id = l."inventoryItemId"
      LEFT JOIN pack_item si ON si.id = inv."itemId"
      WHERE l."userId" = ${userId} AND l."createdAt" >= ${from} AND l."createdAt" < ${to}
        AND (${after === null} OR (l."createdAt", l.id) > (${after?.createdAt ?? from}, ${after?.id ?? ""}))
      ORDER BY l."createdAt", l.id
      LIMIT ${CSV_BATCH}`;
    for (const row of batch) {
      lines.push(
        [
          row.createdAt.toISOString(),
          row.kind,
          formatMoney(row.amount),
          formatMoney(row.balanceAfter),
          csvField(description(row), true),
          csvField(row.note ?? "", true),
          row.id,
          row.spinId ?? "",
          row.inventoryItemId ?? "",
        ].join(","),
      );
    }
    const last = batch[batch.length - 1];
    if (batch.length < CSV_BATCH || !last) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return {
    filename: `prizepacks-ledger-${range.from}-to-${range.to}.csv`,
    csv: `${lines.join("\r\n")}\r\n`,
    rows: lines.length - 1,
  };
}
