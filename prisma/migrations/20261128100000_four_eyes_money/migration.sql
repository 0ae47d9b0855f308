-- Four eyes on money against one admin acting alone (issue 34, item 1): a raise of a money
-- setting waits in pending_setting_change for a second admin, and an admin's lone credits are
-- summed over 24 hours from the admin log (pending-credits.ts: creditNeedsSecondAdmin).

-- CreateTable
CREATE TABLE "pending_setting_change" (
    "id" TEXT NOT NULL,
    "setting" TEXT NOT NULL,
    "value" DECIMAL(14,2) NOT NULL,
    "before" DECIMAL(14,2) NOT NULL,
    "requestedById" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_setting_change_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_setting_change_status_createdAt_idx" ON "pending_setting_change"("status", "createdAt");

-- What Prisma cannot express: the value is an amount, the status one of three, and the admin
-- who decides is never the one who asked (four eyes, backed by the table itself).
ALTER TABLE "pending_setting_change" ADD CONSTRAINT "pending_setting_change_value_nonnegative" CHECK ("value" >= 0);
ALTER TABLE "pending_setting_change" ADD CONSTRAINT "pending_setting_change_status_known" CHECK ("status" IN ('pending', 'approved', 'rejected'));
ALTER TABLE "pending_setting_change" ADD CONSTRAINT "pending_setting_change_four_eyes" CHECK ("decidedById" IS NULL OR "decidedById" <> "requestedById");

-- An admin's credits applied in the last 24 hours, read by every console credit (per admin,
-- then per account) and by the audit.
CREATE INDEX "admin_log_wallet_adjusted_actor_idx" ON "admin_log"("actorId", "createdAt") WHERE "action" = 'wallet.adjusted';
