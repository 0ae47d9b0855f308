import { Prisma } from "@prizepacks/db/prisma";
import { Money } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";

export interface PlayTotals {
  /** Packs opened. */
  openings: number;
  /** Battles entered and not given back (cancelled, or left before lock). */
  battles: number;
  /** What play cost: prices paid for openings, battle entries less entries given back. */
  paid: Money;
  /** What the items won were worth when won, in openings and battles alike. */
  won: Money;
}

/**
 * What the account paid for play and won by it in [from, to) (all time when left out), summed
 * by SQL `spending_entries`: the one definition of what counts as play, the one the wager and
 * loss limits count and refuse by (its current body in the `battles` migration). A later game
 * added there for the limits counts here too: in the reality check, the history's totals and
 * the monthly statements. Won is what the wagers came to less what was lost by them.
 */
export async function getPlayTotals(services: Deps, userId: string, window: { from?: Date; to?: Date } = {}): Promise<PlayTotals> {
  const [row] = await services.database.prisma.$queryRaw<Array<{ openings: number; battles: number; paid: string; lost: string }>>(
    playTotalsSql(userId, window),
  );
  const paid = new Money(row?.paid ?? 0);
  return { openings: row?.openings ?? 0, battles: row?.battles ?? 0, paid, won: paid.minus(row?.lost ?? 0) };
}

/**
 * getPlayTotals' statement (its plan is tested). Each part reads the account's rows in the
 * window only, by (userId, createdAt), and so costs what the window holds, not the account's
 * history: the reality check runs it on every poll. The bounds are written into each part, not
 * joined from a CTE: only so are they the index's range rather than a filter on every row.
 */
export function playTotalsSql(userId: string, { from, to }: { from?: Date; to?: Date }): Prisma.Sql {
  // spending_entries counts what is after p_since; a millisecond (createdAt's precision) before
  // `from` counts `from` itself.
  const after = Prisma.sql`coalesce(${from ? new Date(from.getTime() - 1) : null}::timestamp(3), '-infinity')`;
  const before = Prisma.sql`coalesce(${to ?? null}::timestamp(3), 'infinity')`;
  return Prisma.sql`
    SELECT
      (SELECT count(*)::int FROM spin WHERE "userId" = ${userId} AND "createdAt" > ${after} AND "createdAt" < ${before}) AS openings,
      -- A battle counts once, when its entry was last paid or given back, unless it was given back:
      -- of the battles with an entry in the window (the account's entries read only there), those
      -- whose entries, all of them (by battleId), sum to a payment and end before the window does.
      (SELECT count(*)::int FROM (
        SELECT DISTINCT "battleId" FROM ledger_entry
        WHERE "userId" = ${userId} AND "battleId" IS NOT NULL AND "createdAt" > ${after} AND "createdAt" < ${before}) AS touched
        WHERE (SELECT sum(amount) < 0 AND max("createdAt") < ${before} FROM ledger_entry
          WHERE "battleId" = touched."battleId" AND "userId" = ${userId})) AS battles,
      (SELECT coalesce(sum(amount), 0)::text FROM spending_entries(${userId}, 'wager', ${after}) WHERE at < ${before}) AS paid,
      (SELECT coalesce(sum(amount), 0)::text FROM spending_entries(${userId}, 'loss', ${after}) WHERE at < ${before}) AS lost`;
}
