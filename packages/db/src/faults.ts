/**
 * What a database error means for the caller, from its SQLSTATE or the driver's own kind:
 * - "unavailable": the database is down, refusing, restarting, overloaded, or a bound on
 *   waiting (statement, lock, pool) ran out. Nothing was committed; retry shortly (503).
 * - "unstorable-text": the input holds characters PostgreSQL cannot store (NUL); a bad request.
 * - null: anything else, a bug to log in full.
 */
export type DatabaseFault = "unavailable" | "unstorable-text";

// Classes 08 (connection), 53 (insufficient resources), 57 (operator intervention: shutdowns,
// statement_timeout's 57014) and 58 (system errors); 55P03 lock_timeout; 55000 "database is
// not accepting connections"; 40001/40P01 serialization failures and deadlocks, which a retry
// resolves; 25P03 idle-in-transaction timeout.
const UNAVAILABLE_SQLSTATE = /^(08|53|57|58)|^(55P03|55000|40001|40P01|25P03)$/;
const UNSTORABLE_TEXT_SQLSTATE = new Set(["22021", "22P05"]);
// Prisma: can't reach (P1001), timeouts (P1002, P1008), connection closed (P1017), pool
// timeout (P2024), transaction expired or closed (P2028), write conflict or deadlock (P2034).
const UNAVAILABLE_PRISMA_CODE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034"]);
// Driver adapter kinds that mean the connection, not the query, failed.
const UNAVAILABLE_ADAPTER_KIND =
  /^(DatabaseNotReachable|DatabaseDoesNotExist|ConnectionClosed|SocketTimeout|TooManyConnections|TransactionAlreadyClosed|TlsConnectionError|AuthenticationFailed)$/;
const UNAVAILABLE_NODE_CODE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// node-postgres reports its own bounds and broken sockets only in the message.
const UNAVAILABLE_PG_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } };
}

export function classifyDatabaseError(error: unknown): DatabaseFault | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const e = current as ErrorLike;
    const adapter = e.meta?.driverAdapterError?.cause;
    const adapterCode = adapter?.originalCode ?? adapter?.code;
    const sqlState =
      typeof adapterCode === "string" ? adapterCode : typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : "";
    if (UNSTORABLE_TEXT_SQLSTATE.has(sqlState)) return "unstorable-text";
    if (sqlState && UNAVAILABLE_SQLSTATE.test(sqlState)) return "unavailable";
    if (typeof adapter?.kind === "string" && UNAVAILABLE_ADAPTER_KIND.test(adapter.kind)) return "unavailable";
    if (typeof e.code === "string" && (UNAVAILABLE_PRISMA_CODE.has(e.code) || UNAVAILABLE_NODE_CODE.has(e.code))) return "unavailable";
    if (typeof e.message === "string" && UNAVAILABLE_PG_MESSAGE.test(e.message)) return "unavailable";
    current = e.cause;
  }
  return null;
}
