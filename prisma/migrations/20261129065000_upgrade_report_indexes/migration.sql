-- The console's upgrader and exchange reports read a range of days across every account
-- (packages/core/src/reports/upgrade-reports.ts); (userId, createdAt) cannot serve that.

-- CreateIndex
CREATE INDEX "upgrade_createdAt_idx" ON "upgrade"("createdAt");

-- CreateIndex
CREATE INDEX "exchange_createdAt_idx" ON "exchange"("createdAt");
