import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { StorableText } from "../contract/fields.ts";
import type { Deps } from "../runtime/deps.ts";
import { ReportQuerySchema, type ReportQuery } from "./pack-reports.ts";

// The console's other report views, each one SQL statement over the tables themselves (exact
// numeric sums, returned as two-decimal strings): deposits and active players of a period, the
// last 24 hours or 7 days by the hour, and the players who won most. Times are UTC, as
// everywhere in the database (timestamp without time zone holding UTC).

type Sql = Prisma.Sql;

/** The pack filter a report may carry: its id, or null for the whole site. */
async function packIdOf(services: Deps, slug: string | undefined): Promise<string | null> {
  if (!slug) return null;
  const pack = await services.database.prisma.pack.findUnique({ where: { slug }, select: { id: true } });
  if (!pack) throw new AppError("NOT_FOUND", `No pack with slug ${slug}.`);
  return pack.id;
}

/** Days from..to inclusive as a half-open range of timestamps [lo, hi). */
function dayRange(from: string, to: string): { lo: Sql; hi: Sql } {
  return { lo: Prisma.sql`${from}::date::timestamp`, hi: Prisma.sql`(${to}::date + 1)::timestamp` };
}

const money = (value: Prisma.Decimal | null | undefined) => new Prisma.Decimal(value ?? 0).toFixed(2);

export interface ReportActivity {
  from: string;
  to: string;
  /** Deposits settled in the period (site-wide: a deposit belongs to no pack). */
  deposits: { count: number; total: string };
  /** Accounts that opened at least one pack in the period (of the chosen pack, if any). */
  activePlayers: number;
  /** Of those, how many opened their first pack ever in the period. */
  newPlayers: number;
}

/** Deposits settled and players active from..to (UTC days, inclusive), in one statement. */
export async function getReportActivity(services: Deps, query: ReportQuery): Promise<ReportActivity> {
  const { from, to, slug } = parseInputOrThrow(ReportQuerySchema, query);
  const packId = await packIdOf(services, slug);
  const { lo, hi } = dayRange(from, to);
  const pack = packId === null ? Prisma.empty : Prisma.sql`AND s."packId" = ${packId}`;
  const [row] = await services.database.prisma.$queryRaw<
    Array<{ depositCount: bigint; depositTotal: Prisma.Decimal | null; activePlayers: bigint; newPlayers: bigint }>
  >`
    WITH active AS (
      SELECT DISTINCT s."userId" FROM spin s WHERE s."createdAt" >= ${lo} AND s."createdAt" < ${hi} ${pack}
    )
    SELECT
      (SELECT COUNT(*) FROM deposit WHERE status = 'settled' AND "settledAt" >= ${lo} AND "settledAt" < ${hi}) AS "depositCount",
      (SELECT SUM(amount) FROM deposit WHERE status = 'settled' AND "settledAt" >= ${lo} AND "settledAt" < ${hi}) AS "depositTotal",
      (SELECT COUNT(*) FROM active) AS "activePlayers",
      (SELECT COUNT(*) FROM active a WHERE NOT EXISTS (
        SELECT 1 FROM spin s WHERE s."userId" = a."userId" AND s."createdAt" < ${lo} ${pack}
      )) AS "newPlayers"`;
  return {
    from,
    to,
    deposits: { count: Number(row!.depositCount), total: money(row!.depositTotal) },
    activePlayers: Number(row!.activePlayers),
    newPlayers: Number(row!.newPlayers),
  };
}

export const HourlyQuerySchema = z.object({
  /** The last 24 hours or the last 7 days, in hours ending with the current one. */
  range: z.enum(["24h", "7d"]).default("24h"),
  slug: StorableText.trim().min(1).max(64).optional(),
});
export type HourlyQuery = z.input<typeof HourlyQuerySchema>;

export interface HourlyBucket {
  /** The hour's start, ISO 8601 UTC. */
  hour: string;
  openings: number;
  players: number;
  revenue: string;
  valueWon: string;
  soldValue: string;
  /** Revenue − value won. */
  margin: string;
}

export interface HourlyReport {
  range: "24h" | "7d";
  buckets: HourlyBucket[];
}

/** Openings, players, revenue, value won and sell-backs per UTC hour, every hour present (zeros included), oldest first. */
export async function getHourlyReport(services: Deps, query: HourlyQuery): Promise<HourlyReport> {
  const { range, slug } = parseInputOrThrow(HourlyQuerySchema, query);
  const packId = await packIdOf(services, slug);
  const hours = range === "24h" ? 24 : 7 * 24;
  const spinPack = packId === null ? Prisma.empty : Prisma.sql`AND s."packId" = ${packId}`;
  const salePack = packId === null ? Prisma.empty : Prisma.sql`AND pi."packId" = ${packId}`;
  const rows = await services.database.prisma.$queryRaw<
    Array<{ hour: Date; openings: bigint; players: bigint; revenue: Prisma.Decimal; valueWon: Prisma.Decimal; soldValue: Prisma.Decimal }>
  >`
    WITH bounds AS (
      SELECT date_trunc('hour', now() AT TIME ZONE 'UTC') - ${hours - 1} * interval '1 hour' AS lo
    ),
    buckets AS (
      SELECT generate_series((SELECT lo FROM bounds), (SELECT lo FROM bounds) + ${hours - 1} * interval '1 hour', interval '1 hour') AS hour
    ),
    opened AS (
      SELECT date_trunc('hour', s."createdAt") AS hour, COUNT(*) AS openings, COUNT(DISTINCT s."userId") AS players,
             SUM(s.price) AS revenue, SUM(s.value) AS "valueWon"
      FROM spin s WHERE s."createdAt" >= (SELECT lo FROM bounds) ${spinPack}
      GROUP BY 1
    ),
    sold AS (
      SELECT date_trunc('hour', l."createdAt") AS hour, SUM(l.amount) AS "soldValue"
      FROM ledger_entry l JOIN inventory_item ii ON ii.id = l."inventoryItemId" JOIN pack_item pi ON pi.id = ii."itemId"
      WHERE l.kind = 'ITEM_SALE' AND l."createdAt" >= (SELECT lo FROM bounds) ${salePack}
      GROUP BY 1
    )
    SELECT b.hour, COALESCE(o.openings, 0) AS openings, COALESCE(o.players, 0) AS players,
           COALESCE(o.revenue, 0) AS revenue, COALESCE(o."valueWon", 0) AS "valueWon", COALESCE(x."soldValue", 0) AS "soldValue"
    FROM buckets b LEFT JOIN opened o ON o.hour = b.hour LEFT JOIN sold x ON x.hour = b.hour
    ORDER BY b.hour`;
  return {
    range,
    buckets: rows.map((row) => ({
      hour: row.hour.toISOString(),
      openings: Number(row.openings),
      players: Number(row.players),
      revenue: money(row.revenue),
      valueWon: money(row.valueWon),
      soldValue: money(row.soldValue),
      margin: new Prisma.Decimal(row.revenue).minus(row.valueWon).toFixed(2),
    })),
  };
}

export const TOP_WINNERS_LIMIT = 10;

export interface TopWinner {
  userId: string;
  name: string;
  email: string;
  openings: number;
  /** What the openings cost, what their items were worth, and the difference (value won − spent), all exact. */
  spent: string;
  won: string;
  net: string;
}

/** The players with the highest net won (value won − price paid) over from..to, best first; only those who came out ahead. */
export async function getTopWinners(services: Deps, query: ReportQuery): Promise<{ from: string; to: string; winners: TopWinner[] }> {
  const { from, to, slug } = parseInputOrThrow(ReportQuerySchema, query);
  const packId = await packIdOf(services, slug);
  const { lo, hi } = dayRange(from, to);
  const pack = packId === null ? Prisma.empty : Prisma.sql`AND s."packId" = ${packId}`;
  const rows = await services.database.prisma.$queryRaw<
    Array<{
      userId: string;
      name: string;
      email: string;
      openings: bigint;
      spent: Prisma.Decimal;
      won: Prisma.Decimal;
      net: Prisma.Decimal;
    }>
  >`
    SELECT u.id AS "userId", u.name, u.email, t.openings, t.spent, t.won, t.net
    FROM (
      SELECT s."userId", COUNT(*) AS openings, SUM(s.price) AS spent, SUM(s.value) AS won, SUM(s.value - s.price) AS net
      FROM spin s WHERE s."createdAt" >= ${lo} AND s."createdAt" < ${hi} ${pack}
      GROUP BY s."userId"
      HAVING SUM(s.value - s.price) > 0
      ORDER BY net DESC, s."userId"
      LIMIT ${TOP_WINNERS_LIMIT}
    ) t JOIN "user" u ON u.id = t."userId"
    ORDER BY t.net DESC, u.id`;
  return {
    from,
    to,
    winners: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      openings: Number(row.openings),
      spent: money(row.spent),
      won: money(row.won),
      net: money(row.net),
    })),
  };
}

export interface ReportShipping {
  from: string;
  to: string;
  /**
   * Shipments that left the warehouse in the period (shippedAt in it, whatever happened after:
   * delivered, returned or still on the way), their items and the sum of those items' values.
   */
  shipped: { shipments: number; items: number; value: string };
  /** Fees debited (SHIPPING_FEE) and given back (SHIPPING_REFUND: cancelled or rejected) in the period, and charged − refunded. */
  fees: { charged: string; refunded: string; net: string };
}

/**
 * Shipped value and shipping fees from..to (UTC days, inclusive), in one statement. Site-wide, as
 * deposits are: a shipment may carry items of several packs, and its fee belongs to none.
 * Fees are read from the ledger, so they count when the money moved, as the wallets saw it.
 */
export async function getReportShipping(services: Deps, query: ReportQuery): Promise<ReportShipping> {
  const { from, to } = parseInputOrThrow(ReportQuerySchema, query);
  const { lo, hi } = dayRange(from, to);
  const [row] = await services.database.prisma.$queryRaw<
    Array<{
      shipments: bigint;
      items: bigint;
      value: Prisma.Decimal | null;
      charged: Prisma.Decimal | null;
      refunded: Prisma.Decimal | null;
    }>
  >`
    WITH shipped AS (
      SELECT sh.id FROM shipment sh WHERE sh."shippedAt" >= ${lo} AND sh."shippedAt" < ${hi}
    ),
    fees AS (
      SELECT kind, SUM(amount) AS amount FROM ledger_entry
      WHERE kind IN ('SHIPPING_FEE', 'SHIPPING_REFUND') AND "createdAt" >= ${lo} AND "createdAt" < ${hi}
      GROUP BY kind
    )
    SELECT
      (SELECT COUNT(*) FROM shipped) AS shipments,
      (SELECT COUNT(*) FROM shipment_item si JOIN shipped ON shipped.id = si."shipmentId") AS items,
      (SELECT SUM(ii.value) FROM shipment_item si JOIN shipped ON shipped.id = si."shipmentId"
         JOIN inventory_item ii ON ii.id = si."inventoryItemId") AS value,
      (SELECT -amount FROM fees WHERE kind = 'SHIPPING_FEE') AS charged,
      (SELECT amount FROM fees WHERE kind = 'SHIPPING_REFUND') AS refunded`;
  const charged = new Prisma.Decimal(row!.charged ?? 0);
  const refunded = new Prisma.Decimal(row!.refunded ?? 0);
  return {
    from,
    to,
    shipped: { shipments: Number(row!.shipments), items: Number(row!.items), value: money(row!.value) },
    fees: { charged: money(charged), refunded: money(refunded), net: charged.minus(refunded).toFixed(2) },
  };
}
