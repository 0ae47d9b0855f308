import { Prisma } from "@prizepacks/db/prisma";
import { chancePercent } from "../contract/upgrades.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { readGameSettings, type GameSettings } from "../settings/money-settings.ts";
import { ReportQuerySchema, type ReportQuery } from "./pack-reports.ts";

// The console's report of the upgrader and the exchange (#38): volume per day, the realised edge
// against the edge each upgrade was quoted with, the biggest wins, and the exchange's fees kept.
// Read from the upgrade and exchange rows themselves through their createdAt indexes (no
// rollup: an upgrade is a row, not a row per item, so a range costs its rows). Site-wide: an
// upgrade's stake may come from several packs, so the pack filter of the other reports does not
// apply. UTC days, as everywhere.

const BIGGEST_WINS_LIMIT = 10;

type Decimal = Prisma.Decimal;
const ZERO = new Prisma.Decimal(0);

/** part ÷ whole as a percentage with 2 decimals, or null when there is no whole. */
const percentOf = (part: Decimal, whole: Decimal) => (whole.isZero() ? null : part.dividedBy(whole).times(100).toFixed(2));

export interface UpgradeFigures {
  upgrades: number;
  wins: number;
  /** Σ stake value: what was wagered. */
  stakeValue: string;
  /** Σ target value of the upgrades won: what was paid out. */
  wonValue: string;
  /** Σ chance × target value: what the published chances promised to pay out (2 decimals of an exact sum). */
  expectedWonValue: string;
  /** wins ÷ upgrades, and the mean published chance (percent, 2 decimals), or null without upgrades. */
  winRatePercent: string | null;
  meanChancePercent: string | null;
  /** 1 − won ÷ stake (percent, 2 decimals), or null without upgrades: the edge the house kept. */
  realisedEdgePercent: string | null;
  /**
   * 1 − expected won ÷ stake: the edge the published chances give. At or above the configured
   * edge: the chance is rounded down to a ticket and held at the cap, both in the house's favour.
   */
  expectedEdgePercent: string | null;
}

export interface ExchangeFigures {
  exchanges: number;
  /** Σ value of the items given, of the items taken, and the cash paid to wallets. */
  givenValue: string;
  receivedValue: string;
  cashPaid: string;
  /** given − received − cash: the fee and the fractions of a cent the rounding down left with the house. */
  feesKept: string;
  /** feesKept ÷ given (percent, 2 decimals), or null without exchanges. */
  keptPercent: string | null;
}

export interface BiggestUpgradeWin {
  upgradeId: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** The account, as the console's other reports show it (its page is one click away). */
  userId: string;
  name: string;
  email: string;
  stakeValue: string;
  targetValue: string;
  targetName: string;
  /** target ÷ stake, 2 decimals. */
  multiplier: string;
  /** The published chance, percent with 3 decimals. */
  chance: string;
  /** target − stake. */
  net: string;
}

export interface UpgradeReport {
  from: string;
  to: string;
  /** The edge, cap and fee in force now (the rows keep the ones each was made under). */
  settings: GameSettings;
  upgrades: {
    total: UpgradeFigures;
    /** One row per edge an upgrade of the range was quoted with, lowest first. */
    byEdge: Array<UpgradeFigures & { edgeBps: number }>;
    /** Days with upgrades, oldest first. */
    byDay: Array<UpgradeFigures & { day: string }>;
    /** The wins with the largest net (target − stake), largest first. */
    biggestWins: BiggestUpgradeWin[];
  };
  exchanges: {
    total: ExchangeFigures;
    /** One row per fee an exchange of the range was made under, lowest first. */
    byFee: Array<ExchangeFigures & { feeBps: number }>;
    byDay: Array<ExchangeFigures & { day: string }>;
  };
}

interface UpgradeRow {
  day: Date;
  edgeBps: number;
  upgrades: bigint;
  wins: bigint;
  stake: Decimal;
  won: Decimal;
  /** Σ chanceTickets × targetValue: expected won × 100000, exact. */
  chanceValue: Decimal;
  chanceTickets: bigint;
}

class UpgradeSum {
  upgrades = 0;
  wins = 0;
  stake = ZERO;
  won = ZERO;
  chanceValue = ZERO;
  chanceTickets = 0n;
  add(row: UpgradeRow) {
    this.upgrades += Number(row.upgrades);
    this.wins += Number(row.wins);
    this.stake = this.stake.plus(row.stake);
    this.won = this.won.plus(row.won);
    this.chanceValue = this.chanceValue.plus(row.chanceValue);
    this.chanceTickets += BigInt(row.chanceTickets);
    return this;
  }
  figures(): UpgradeFigures {
    const expected = this.chanceValue.dividedBy(100_000);
    const count = new Prisma.Decimal(this.upgrades);
    return {
      upgrades: this.upgrades,
      wins: this.wins,
      stakeValue: this.stake.toFixed(2),
      wonValue: this.won.toFixed(2),
      expectedWonValue: expected.toFixed(2),
      winRatePercent: percentOf(new Prisma.Decimal(this.wins), count),
      meanChancePercent: percentOf(new Prisma.Decimal(this.chanceTickets.toString()).dividedBy(100_000), count),
      realisedEdgePercent: percentOf(this.stake.minus(this.won), this.stake),
      expectedEdgePercent: percentOf(this.stake.minus(expected), this.stake),
    };
  }
}

interface ExchangeRow {
  day: Date;
  feeBps: number;
  exchanges: bigint;
  given: Decimal;
  received: Decimal;
  cash: Decimal;
}

class ExchangeSum {
  exchanges = 0;
  given = ZERO;
  received = ZERO;
  cash = ZERO;
  add(row: ExchangeRow) {
    this.exchanges += Number(row.exchanges);
    this.given = this.given.plus(row.given);
    this.received = this.received.plus(row.received);
    this.cash = this.cash.plus(row.cash);
    return this;
  }
  figures(): ExchangeFigures {
    const kept = this.given.minus(this.received).minus(this.cash);
    return {
      exchanges: this.exchanges,
      givenValue: this.given.toFixed(2),
      receivedValue: this.received.toFixed(2),
      cashPaid: this.cash.toFixed(2),
      feesKept: kept.toFixed(2),
      keptPercent: percentOf(kept, this.given),
    };
  }
}

/** Sums rows into a total and per-key groups, the groups sorted by key. */
function group<Row, Key extends string | number, S extends { add(row: Row): S }>(rows: Row[], keyOf: (row: Row) => Key, make: () => S) {
  const total = make();
  const groups = new Map<Key, S>();
  for (const row of rows) {
    total.add(row);
    const key = keyOf(row);
    (groups.get(key) ?? groups.set(key, make()).get(key)!).add(row);
  }
  return { total, groups: [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/**
 * The upgrader's and the exchange's figures from..to (UTC days, inclusive): volume per day, the
 * realised edge (1 − Σ won ÷ Σ stake) beside the edge each upgrade was quoted with and the edge
 * its published chances give, the ten biggest wins, and the exchange's fees kept. Exact sums
 * (numeric), read in one snapshot (REPEATABLE READ), so the total, the groups and the wins agree.
 */
export async function getUpgradeReport(services: Deps, query: ReportQuery): Promise<UpgradeReport> {
  const { from, to } = parseInputOrThrow(ReportQuerySchema, query);
  const db = services.database.prisma;
  const lo = Prisma.sql`${from}::date::timestamp`;
  const hi = Prisma.sql`(${to}::date + 1)::timestamp`;
  const [upgradeRows, exchangeRows, winRows, settings] = await db.$transaction(
    [
      db.$queryRaw<UpgradeRow[]>`
        SELECT u."createdAt"::date AS day, u."edgeBps", COUNT(*) AS upgrades, COUNT(*) FILTER (WHERE u.won) AS wins,
               SUM(u."stakeValue") AS stake, COALESCE(SUM(u."targetValue") FILTER (WHERE u.won), 0) AS won,
               SUM(u."chanceTickets" * u."targetValue") AS "chanceValue", SUM(u."chanceTickets") AS "chanceTickets"
        FROM upgrade u WHERE u."createdAt" >= ${lo} AND u."createdAt" < ${hi}
        GROUP BY 1, 2`,
      db.$queryRaw<ExchangeRow[]>`
        SELECT e."createdAt"::date AS day, e."feeBps", COUNT(*) AS exchanges,
               SUM(e."givenValue") AS given, SUM(e."receivedValue") AS received, SUM(e.cash) AS cash
        FROM exchange e WHERE e."createdAt" >= ${lo} AND e."createdAt" < ${hi}
        GROUP BY 1, 2`,
      db.$queryRaw<
        Array<{
          id: string;
          createdAt: Date;
          userId: string;
          name: string;
          email: string;
          stakeValue: Decimal;
          targetValue: Decimal;
          targetName: string;
          chanceTickets: number;
        }>
      >`
        SELECT w.id, w."createdAt", w."userId", usr.name, usr.email, w."stakeValue", w."targetValue", i.name AS "targetName", w."chanceTickets"
        FROM (
          SELECT u.id, u."createdAt", u."userId", u."stakeValue", u."targetValue", u."targetItemId", u."chanceTickets"
          FROM upgrade u WHERE u.won AND u."createdAt" >= ${lo} AND u."createdAt" < ${hi}
          ORDER BY u."targetValue" - u."stakeValue" DESC, u."createdAt", u.id
          LIMIT ${BIGGEST_WINS_LIMIT}
        ) w JOIN "user" usr ON usr.id = w."userId" JOIN pack_item i ON i.id = w."targetItemId"
        ORDER BY w."targetValue" - w."stakeValue" DESC, w."createdAt", w.id`,
      db.$queryRaw<GameSettings[]>`SELECT "upgradeEdgeBps", "upgradeCapTickets", "exchangeFeeBps" FROM game_settings WHERE id = 1`,
    ],
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
  const upgradesByDay = group(
    upgradeRows,
    (row) => isoDay(row.day),
    () => new UpgradeSum(),
  );
  const upgradesByEdge = group(
    upgradeRows,
    (row) => row.edgeBps,
    () => new UpgradeSum(),
  );
  const exchangesByDay = group(
    exchangeRows,
    (row) => isoDay(row.day),
    () => new ExchangeSum(),
  );
  const exchangesByFee = group(
    exchangeRows,
    (row) => row.feeBps,
    () => new ExchangeSum(),
  );
  return {
    from,
    to,
    // No row yet: the defaults, as readGameSettings gives them.
    settings: settings[0] ?? (await readGameSettings(db)),
    upgrades: {
      total: upgradesByDay.total.figures(),
      byEdge: upgradesByEdge.groups.map(([edgeBps, sum]) => ({ edgeBps, ...sum.figures() })),
      byDay: upgradesByDay.groups.map(([day, sum]) => ({ day, ...sum.figures() })),
      biggestWins: winRows.map((row) => ({
        upgradeId: row.id,
        createdAt: row.createdAt.toISOString(),
        userId: row.userId,
        name: row.name,
        email: row.email,
        stakeValue: row.stakeValue.toFixed(2),
        targetValue: row.targetValue.toFixed(2),
        targetName: row.targetName,
        multiplier: row.targetValue.dividedBy(row.stakeValue).toFixed(2),
        chance: chancePercent(row.chanceTickets),
        net: row.targetValue.minus(row.stakeValue).toFixed(2),
      })),
    },
    exchanges: {
      total: exchangesByDay.total.figures(),
      byFee: exchangesByFee.groups.map(([feeBps, sum]) => ({ feeBps, ...sum.figures() })),
      byDay: exchangesByDay.groups.map(([day, sum]) => ({ day, ...sum.figures() })),
    },
  };
}
