import type { BackgroundJob } from "../runtime/background-job.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { Deps } from "../runtime/deps.ts";
import { serviceEnv } from "../service-env.ts";

/** What an erased name, line and city read; the optional fields become null, the country stays (for the books). */
export const ERASED = "[erased]";

const BATCH = 500;
const EVERY_MS = 10 * 60_000;

/** Per address: whether a shipment still needs it, when its last one finished, whether a copy still holds data. */
const PER_ADDRESS = `
  SELECT "addressId" AS id,
         bool_or(state IN ('REQUESTED', 'APPROVED', 'SHIPPED')) AS open,
         max(coalesce("deliveredAt", "closedAt")) AS finished,
         bool_or("addressSnapshot"->>'name' IS DISTINCT FROM '${ERASED}') AS "unerasedCopies"
  FROM shipment`;

/**
 * One pass: erases the addresses no unfinished shipment uses that were deleted by their owner,
 * or whose last shipment finished (delivered, returned, cancelled, rejected) more than
 * `retentionDays` ago; and, in the second case, the shipments' copies of them. The name, lines,
 * city, region, postal code and phone are overwritten (ERASED or null); the country stays. An
 * address erased for its retention also leaves its owner's list (deletedAt).
 *
 * Claimed across instances: each batch locks its addresses FOR UPDATE SKIP LOCKED, and the
 * updates re-check every condition after the lock (a shipment requested meanwhile holds the
 * address FOR SHARE until it commits, see recordShipment), so erasing is idempotent and never
 * touches an address an open shipment uses. Returns how many addresses were claimed.
 */
export async function eraseExpiredAddresses(
  services: Deps,
  { retentionDays = serviceEnv().ADDRESS_RETENTION_DAYS }: { retentionDays?: number } = {},
): Promise<number> {
  const sql = services.database.sql;
  let total = 0;
  for (;;) {
    const claimed = await sql.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `WITH per_address AS (${PER_ADDRESS} GROUP BY "addressId")
         SELECT a.id FROM address a LEFT JOIN per_address p ON p.id = a.id
         WHERE NOT coalesce(p.open, false)
           AND ((a."erasedAt" IS NULL AND a."deletedAt" IS NOT NULL)
             OR (p.finished < now() - make_interval(days => $1::int) AND (a."erasedAt" IS NULL OR p."unerasedCopies")))
         ORDER BY a.id LIMIT $2
         FOR UPDATE OF a SKIP LOCKED`,
        [retentionDays, BATCH],
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      // New statements: they see every shipment committed before the locks were taken.
      const due = `WITH per_address AS (${PER_ADDRESS} WHERE "addressId" = ANY($1::text[]) GROUP BY "addressId")`;
      await tx.query(
        `${due}
         UPDATE shipment s SET "addressSnapshot" = jsonb_build_object(
           'name', '${ERASED}', 'line1', '${ERASED}', 'line2', NULL, 'city', '${ERASED}',
           'region', NULL, 'postalCode', NULL, 'country', s."addressSnapshot"->'country', 'phone', NULL)
         FROM per_address p
         WHERE s."addressId" = p.id AND NOT p.open AND p.finished < now() - make_interval(days => $2::int)
           AND s."addressSnapshot"->>'name' IS DISTINCT FROM '${ERASED}'`,
        [ids, retentionDays],
      );
      await tx.query(
        `${due}
         UPDATE address a SET name = '${ERASED}', line1 = '${ERASED}', line2 = NULL, city = '${ERASED}',
           region = NULL, "postalCode" = NULL, phone = NULL, "erasedAt" = now(), "deletedAt" = coalesce(a."deletedAt", now())
         WHERE a.id = ANY($1::text[]) AND a."erasedAt" IS NULL
           AND NOT EXISTS (SELECT 1 FROM per_address p WHERE p.id = a.id AND p.open)
           AND (a."deletedAt" IS NOT NULL
             OR EXISTS (SELECT 1 FROM per_address p WHERE p.id = a.id AND p.finished < now() - make_interval(days => $2::int)))`,
        [ids, retentionDays],
      );
      return rows.length;
    });
    total += claimed;
    if (claimed < BATCH) return total;
  }
}

/** Runs eraseExpiredAddresses every ten minutes on every instance (each claims its own addresses). */
export function startAddressErasure(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "shipping",
    failure: "address erasure pass failed",
    everyMs: EVERY_MS,
    pass: () => eraseExpiredAddresses(services),
  });
}
