// Prisma's namespace (Decimal, the sql tag, the error classes, the query types) and prismaSql.
// It loads Prisma's runtime, hence a subpath of its own and not the types-only root.
import type { DbTx, SqlQuery } from "./client.ts";

export { Prisma } from "./generated/prisma/client.ts";

/**
 * SQL written for `sql.query` (node-postgres), run through a Prisma transaction's raw queries:
 * for a change that must commit with writes made through Prisma (setExclusion cancels the
 * player's open battles, battle SQL, in the transaction that writes the exclusion). The one place
 * this is done. Prisma reads some columns otherwise than node-postgres does, so SQL meant for
 * both casts them (measured, Prisma 7 with PrismaPg):
 * - int8 (count(*), bigint ids): a bigint here, a string there. Cast to int or text.
 * - numeric: a Decimal here, its scale dropped (1.50 reads 1.5); a string there. Cast to text.
 * - a void column (`SELECT f()` of a function returning void): an error here. Select a constant
 *   from it instead (`SELECT 1 AS locked FROM lock_accounts(…)`).
 * - timestamp without time zone (all of ours): UTC here; node-postgres reads it in the
 *   process's own time zone, the same only while that is UTC.
 * int4, text, boolean, json and jsonb, arrays and timestamptz read alike.
 */
export function prismaSql(tx: DbTx): SqlQuery {
  return {
    query: <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<T[]>(text, ...params),
  };
}
