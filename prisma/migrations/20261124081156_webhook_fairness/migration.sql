-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "disabledReason" TEXT;

-- Written by hand below (Prisma cannot express partial indexes).

-- The delivery worker now claims a fair share per endpoint and per account instead of the
-- oldest due deliveries overall. It walks the endpoints that have pending deliveries and takes
-- each one's oldest due few: one index serves both the walk and the pick, however long one
-- endpoint's queue grows ...
CREATE INDEX "webhook_delivery_pending_idx" ON "webhook_delivery"("endpointId", "nextAttemptAt") WHERE "status" = 'pending';
-- ... and a small one holds only the leased rows, to count what each endpoint has in flight.
CREATE INDEX "webhook_delivery_leased_idx" ON "webhook_delivery"("endpointId") WHERE "status" = 'pending' AND "lockedUntil" IS NOT NULL;
-- The old claim's index (oldest due overall); nothing reads in that order any more.
DROP INDEX "webhook_delivery_due_idx";

-- The cap of 5 enabled endpoints per account was checked at creation only: disabling, creating
-- more and re-enabling went past it. Accounts that did keep their 5 oldest enabled endpoints;
-- the rest are disabled with a reason their owner sees in Settings → API.
UPDATE "webhook_endpoint" SET "enabled" = false,
  "disabledReason" = 'Disabled by the server: an account can have at most 5 enabled webhook endpoints, and this one was past that limit.'
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "userId" ORDER BY "createdAt", "id") AS "rank"
    FROM "webhook_endpoint" WHERE "enabled"
  ) AS ranked
  WHERE "rank" > 5
);
