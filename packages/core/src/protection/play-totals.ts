import { Money } from "../money.ts";
import type { Services } from "../runtime/services.ts";

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
export async function getPlayTotals(
  services: Services,
  userId: string,
  { from, to }: { from?: Date; to?: Date } = {},
): Promise<PlayTotals> {
  const db = services.database.prisma;
  // spending_entries counts what is after p_since; a millisecond (createdAt's precision) before
  // `from` counts `from` itself.
  const after = from ? new Date(from.getTime() - 1) : null;
  const [row] = await db.$queryRaw<Array<{ openings: number; battles: number; paid: string; lost: string }>>`
    WITH bounds AS (
      SELECT coalesce(${after}::timestamp(3), '-infinity') AS after, coalesce(${to ?? null}::timestamp(3), 'infinity') AS before
    )
    SELECT
      (SELECT count(*)::int FROM spin, bounds
        WHERE "userId" = ${userId} AND "createdAt" > bounds.after AND "createdAt" < bounds.before) AS openings,
      -- A battle counts once, when its entry was last paid or given back, unless it was given back.
      (SELECT count(*)::int FROM (
        SELECT 1 FROM ledger_entry, bounds WHERE "userId" = ${userId} AND "battleId" IS NOT NULL
        GROUP BY "battleId", bounds.after, bounds.before
        HAVING sum(amount) < 0 AND max("createdAt") > bounds.after AND max("createdAt") < bounds.before) AS played) AS battles,
      (SELECT coalesce(sum(e.amount), 0)::text FROM bounds, spending_entries(${userId}, 'wager', bounds.after) e
        WHERE e.at < bounds.before) AS paid,
      (SELECT coalesce(sum(e.amount), 0)::text FROM bounds, spending_entries(${userId}, 'loss', bounds.after) e
        WHERE e.at < bounds.before) AS lost`;
  const paid = new Money(row?.paid ?? 0);
  return { openings: row?.openings ?? 0, battles: row?.battles ?? 0, paid, won: paid.minus(row?.lost ?? 0) };
}
