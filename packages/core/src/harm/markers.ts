import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { SESSION_GAP_MINUTES, type HarmMarker } from "../contract/harm.ts";
import { formatMoney, Money } from "../money.ts";

/**
 * A marker's hit: `key` names the event behind it (the latest deposit, the withdrawal, the
 * session's start, the run of days), so evaluating again after nothing new happened finds the
 * same key and adds nothing; `facts` is what the console shows (amounts as exact strings).
 */
export interface MarkerHit {
  marker: HarmMarker;
  key: string;
  facts: Record<string, unknown>;
}

export type Thresholds = Record<HarmMarker, Prisma.Decimal>;

// What counts as play: every paid play's ledger entry (paid_play writes one per opening and per
// battle seat). Deposits and withdrawals are read from the ledger too, so a marker's facts are
// the entries a statement shows. Everything is read through ledger_entry ("userId", "createdAt").
const PLAY = Prisma.sql`kind IN ('PACK_OPEN', 'BATTLE_ENTRY')`;
const iso = (at: Date) => at.toISOString();
const whole = (value: Prisma.Decimal) => value.toNumber();

/**
 * Every marker of one account, now, against these thresholds; days and nights in `timeZone`.
 * Run inside the evaluation's transaction, so all of them read one account's history as it was
 * at one moment (read committed: each statement sees what committed before it began).
 */
export async function evaluateMarkers(tx: DbTx, userId: string, thresholds: Thresholds, timeZone: string): Promise<MarkerHit[]> {
  // One after another: a transaction runs one statement at a time anyway.
  const hits: MarkerHit[] = [];
  hits.push(...(await netDeposits(tx, userId, thresholds)));
  hits.push(...(await rapidDeposits(tx, userId, thresholds.rapid_deposits)));
  hits.push(...(await depositAfterZero(tx, userId, thresholds.deposit_after_zero)));
  hits.push(...(await limitRaised(tx, userId, thresholds.limit_raised)));
  hits.push(...(await limitReachedDays(tx, userId, thresholds.limit_reached_days, timeZone)));
  hits.push(...(await nightPlay(tx, userId, thresholds.night_play, timeZone)));
  hits.push(...(await reversal(tx, userId, thresholds.reversal)));
  hits.push(...(await longSession(tx, userId, thresholds.long_session)));
  return hits;
}

/** Deposits minus withdrawals (a withdrawal's money given back counts as not withdrawn) over 30 days. Two rules, one query. */
async function netDeposits(tx: DbTx, userId: string, thresholds: Thresholds): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<
    Array<{ deposited: string; withdrawn: string; net: string; deposits: number; lastDeposit: string | null }>
  >`
    SELECT coalesce(sum(amount) FILTER (WHERE kind = 'DEPOSIT'), 0)::text AS deposited,
           (-coalesce(sum(amount) FILTER (WHERE kind <> 'DEPOSIT'), 0))::text AS withdrawn,
           coalesce(sum(amount), 0)::text AS net,
           (count(*) FILTER (WHERE kind = 'DEPOSIT'))::int AS deposits,
           (array_agg(id ORDER BY "createdAt" DESC, id DESC) FILTER (WHERE kind = 'DEPOSIT'))[1] AS "lastDeposit"
    FROM ledger_entry
    WHERE "userId" = ${userId} AND kind IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_RETURN') AND "createdAt" > now() - interval '30 days'`;
  if (!row?.lastDeposit) return [];
  const net = new Money(row.net);
  const facts = { windowDays: 30, deposited: formatMoney(row.deposited), withdrawn: formatMoney(row.withdrawn), net: formatMoney(net) };
  return (["net_deposits", "net_deposits_high"] as const)
    .filter((marker) => net.gte(thresholds[marker]))
    .map((marker) => ({
      marker,
      key: row.lastDeposit!,
      facts: { ...facts, deposits: row.deposits, threshold: formatMoney(thresholds[marker]) },
    }));
}

/** The latest deposit that was the threshold-th (or later) within an hour (60 minutes, both ends included). */
async function rapidDeposits(tx: DbTx, userId: string, threshold: Prisma.Decimal): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<Array<{ id: string; at: Date; first: Date; n: number; total: string }>>`
    SELECT id, at, first, n, total::text AS total FROM (
      SELECT id, "createdAt" AS at, min("createdAt") OVER w AS first, (count(*) OVER w)::int AS n, sum(amount) OVER w AS total
      FROM ledger_entry
      WHERE "userId" = ${userId} AND kind = 'DEPOSIT' AND "createdAt" > now() - interval '30 days'
      WINDOW w AS (ORDER BY "createdAt" RANGE BETWEEN interval '1 hour' PRECEDING AND CURRENT ROW)
    ) d
    WHERE n >= ${whole(threshold)} ORDER BY at DESC, id DESC LIMIT 1`;
  if (!row) return [];
  return [
    {
      marker: "rapid_deposits",
      key: row.id,
      facts: { deposits: row.n, firstAt: iso(row.first), lastAt: iso(row.at), total: formatMoney(row.total), threshold: whole(threshold) },
    },
  ];
}

/**
 * The latest deposit whose previous ledger entry left the balance at zero (or below) at most
 * `threshold` minutes before it. Any entry after a zero balance raises it, so the previous entry
 * is the moment the balance reached zero.
 */
async function depositAfterZero(tx: DbTx, userId: string, threshold: Prisma.Decimal): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<Array<{ id: string; at: Date; zeroAt: Date; amount: string; zeroedBy: string }>>`
    SELECT id, at, "zeroAt", amount::text AS amount, "zeroedBy" FROM (
      SELECT id, kind, amount, "createdAt" AS at, lag("balanceAfter") OVER o AS "previousBalance",
             lag("createdAt") OVER o AS "zeroAt", lag(kind::text) OVER o AS "zeroedBy"
      FROM ledger_entry
      WHERE "userId" = ${userId} AND "createdAt" > now() - interval '30 days'
      WINDOW o AS (ORDER BY "createdAt", id)
    ) e
    WHERE kind = 'DEPOSIT' AND "previousBalance" <= 0 AND at - "zeroAt" <= make_interval(mins => ${whole(threshold)}::int)
    ORDER BY at DESC, id DESC LIMIT 1`;
  if (!row) return [];
  const minutes = Math.round(((row.at.getTime() - row.zeroAt.getTime()) / 60_000) * 10) / 10;
  return [
    {
      marker: "deposit_after_zero",
      key: row.id,
      facts: {
        balanceZeroAt: iso(row.zeroAt),
        zeroedBy: row.zeroedBy,
        depositAt: iso(row.at),
        deposit: formatMoney(row.amount),
        minutesAfter: minutes,
        threshold: whole(threshold),
      },
    },
  ];
}

/** Raises and removals the player asked for (protection_event) over 30 days, at least `threshold` of them. */
async function limitRaised(tx: DbTx, userId: string, threshold: Prisma.Decimal): Promise<MarkerHit[]> {
  const rows = await tx.$queryRaw<
    Array<{ id: string; at: Date; kind: string; limitKind: string; limitPeriod: string; amount: string | null }>
  >`
    SELECT id, "createdAt" AS at, kind, "limitKind", "limitPeriod", amount::text AS amount FROM protection_event
    WHERE "userId" = ${userId} AND kind IN ('limit_raise_requested', 'limit_removal_requested') AND "createdAt" > now() - interval '30 days'
    ORDER BY "createdAt" DESC, id DESC`;
  if (rows.length < whole(threshold)) return [];
  return [
    {
      marker: "limit_raised",
      key: rows[0]!.id,
      facts: {
        windowDays: 30,
        requests: rows.map((row) => ({
          at: iso(row.at),
          limit: `${row.limitKind} a ${row.limitPeriod}`,
          askedFor: row.kind === "limit_removal_requested" ? "removal" : formatMoney(row.amount ?? "0"),
        })),
        threshold: whole(threshold),
      },
    },
  ];
}

/** The latest run of consecutive local days, `threshold` or more long, with a limit reached on each. */
async function limitReachedDays(tx: DbTx, userId: string, threshold: Prisma.Decimal, timeZone: string): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<Array<{ from: string; to: string; days: number }>>`
    WITH days AS (
      SELECT DISTINCT ("createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})::date AS day FROM protection_event
      WHERE "userId" = ${userId} AND kind = 'limit_reached' AND "createdAt" > now() - interval '31 days'
    ), runs AS (SELECT day, day - (row_number() OVER (ORDER BY day))::int AS run FROM days)
    SELECT min(day)::text AS "from", max(day)::text AS "to", count(*)::int AS days FROM runs
    GROUP BY run HAVING count(*) >= ${whole(threshold)} ORDER BY max(day) DESC LIMIT 1`;
  if (!row) return [];
  // The key grows with the run: each further day adds a hit (or, once closed, opens a new case).
  return [{ marker: "limit_reached_days", key: `${row.from}..${row.to}`, facts: { ...row, timeZone, threshold: whole(threshold) } }];
}

/** Local days among the last 7 (today and the 6 before) with play between 00:00 and 05:59. */
async function nightPlay(tx: DbTx, userId: string, threshold: Prisma.Decimal, timeZone: string): Promise<MarkerHit[]> {
  const rows = await tx.$queryRaw<Array<{ night: string; plays: number }>>`
    SELECT local::date::text AS night, count(*)::int AS plays FROM (
      SELECT "createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone} AS local FROM ledger_entry
      WHERE "userId" = ${userId} AND ${PLAY} AND "createdAt" > now() - interval '8 days'
    ) p
    WHERE extract(hour FROM local) < 6 AND local::date > (now() AT TIME ZONE ${timeZone})::date - 7
    GROUP BY 1 ORDER BY 1 DESC`;
  if (rows.length < whole(threshold)) return [];
  return [{ marker: "night_play", key: rows[0]!.night, facts: { nights: rows, timeZone, ofDays: 7, threshold: whole(threshold) } }];
}

/**
 * A withdrawal's money given back to the balance (WITHDRAWAL_RETURN: rejected, failed, or
 * cancelled at the payment server; the player cannot cancel one themself) and played within
 * `threshold` hours. The latest such withdrawal of the last 30 days.
 */
async function reversal(tx: DbTx, userId: string, threshold: Prisma.Decimal): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<
    Array<{ withdrawalId: string; state: string; returnedAt: Date; amount: string; firstPlayAt: Date; plays: number; wagered: string }>
  >`
    SELECT r."withdrawalId", w.state, r."createdAt" AS "returnedAt", r.amount::text AS amount,
           p."firstPlayAt", p.plays, p.wagered::text AS wagered
    FROM ledger_entry r JOIN withdrawal w ON w.id = r."withdrawalId"
    CROSS JOIN LATERAL (
      SELECT min("createdAt") AS "firstPlayAt", count(*)::int AS plays, -coalesce(sum(amount), 0) AS wagered FROM ledger_entry
      WHERE "userId" = ${userId} AND ${PLAY} AND "createdAt" >= r."createdAt"
        AND "createdAt" <= r."createdAt" + make_interval(hours => ${whole(threshold)}::int)
    ) p
    WHERE r."userId" = ${userId} AND r.kind = 'WITHDRAWAL_RETURN' AND r."createdAt" > now() - interval '30 days' AND p.plays > 0
    ORDER BY r."createdAt" DESC LIMIT 1`;
  if (!row) return [];
  return [
    {
      marker: "reversal",
      key: row.withdrawalId,
      facts: {
        withdrawalState: row.state,
        returned: formatMoney(row.amount),
        returnedAt: iso(row.returnedAt),
        firstPlayAt: iso(row.firstPlayAt),
        playsWithinWindow: row.plays,
        wageredWithinWindow: formatMoney(row.wagered),
        threshold: whole(threshold),
      },
    },
  ];
}

/**
 * Sessions: the account's plays, a new session wherever two plays are more than
 * SESSION_GAP_MINUTES apart; a session lasts from its first play to its last. The latest session
 * of the last 7 days longer than `threshold` minutes (keyed by its start, so it counts once
 * however long it goes on).
 */
async function longSession(tx: DbTx, userId: string, threshold: Prisma.Decimal): Promise<MarkerHit[]> {
  const [row] = await tx.$queryRaw<Array<{ startedAt: Date; lastPlayAt: Date; plays: number; wagered: string }>>`
    WITH plays AS (
      SELECT "createdAt" AS at, -amount AS wager,
             CASE WHEN "createdAt" - lag("createdAt") OVER (ORDER BY "createdAt") <= make_interval(mins => ${SESSION_GAP_MINUTES}::int) THEN 0 ELSE 1 END AS starts
      FROM ledger_entry WHERE "userId" = ${userId} AND ${PLAY} AND "createdAt" > now() - interval '7 days'
    ), numbered AS (SELECT at, wager, sum(starts) OVER (ORDER BY at) AS session FROM plays)
    SELECT min(at) AS "startedAt", max(at) AS "lastPlayAt", count(*)::int AS plays, sum(wager)::text AS wagered FROM numbered
    GROUP BY session HAVING max(at) - min(at) > make_interval(mins => ${whole(threshold)}::int)
    ORDER BY min(at) DESC LIMIT 1`;
  if (!row) return [];
  const minutes = Math.floor((row.lastPlayAt.getTime() - row.startedAt.getTime()) / 60_000);
  return [
    {
      marker: "long_session",
      key: iso(row.startedAt),
      facts: {
        startedAt: iso(row.startedAt),
        lastPlayAt: iso(row.lastPlayAt),
        minutes,
        plays: row.plays,
        wagered: formatMoney(row.wagered),
        gapMinutes: SESSION_GAP_MINUTES,
        threshold: whole(threshold),
      },
    },
  ];
}
