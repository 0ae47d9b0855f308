-- Withdrawals (issue 20): payout destinations confirmed by mail, withdrawals reserved by a
-- ledger entry when requested and given back by one when rejected or failed.

ALTER TYPE "LedgerKind" ADD VALUE 'WITHDRAWAL';
ALTER TYPE "LedgerKind" ADD VALUE 'WITHDRAWAL_RETURN';

CREATE TABLE "payout_destination" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "payoutMethodId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending_confirmation',
    "tokenHash" TEXT,
    "tokenExpiresAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),
    "usableAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "payout_destination_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payout_destination_status_check" CHECK ("status" IN ('pending_confirmation', 'confirmed')),
    CONSTRAINT "payout_destination_method_check" CHECK ("payoutMethodId" IN ('BTC-CHAIN', 'BTC-LN')),
    CONSTRAINT "payout_destination_confirmed_check" CHECK (
        ("status" = 'confirmed') = ("confirmedAt" IS NOT NULL)
        AND ("confirmedAt" IS NULL OR "usableAt" >= "confirmedAt" + interval '24 hours'))
);
ALTER TABLE "payout_destination" ADD CONSTRAINT "payout_destination_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "payout_destination_tokenHash_key" ON "payout_destination"("tokenHash");
CREATE INDEX "payout_destination_userId_createdAt_idx" ON "payout_destination"("userId", "createdAt");

CREATE TABLE "withdrawal" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "destinationId" TEXT,
    "payoutMethodId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'requested',
    "provider" TEXT NOT NULL,
    "payoutId" TEXT,
    "reason" TEXT,
    "decidedById" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "nextCheckAt" TIMESTAMP(3),
    CONSTRAINT "withdrawal_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "withdrawal_amount_check" CHECK ("amount" > 0),
    CONSTRAINT "withdrawal_state_check" CHECK ("state" IN ('requested', 'approved', 'paying', 'completed', 'rejected', 'failed')),
    CONSTRAINT "withdrawal_completed_check" CHECK (("state" = 'completed') = ("completedAt" IS NOT NULL)),
    CONSTRAINT "withdrawal_decided_check" CHECK ("state" IN ('requested', 'failed') OR "decidedAt" IS NOT NULL),
    CONSTRAINT "withdrawal_paying_check" CHECK ("state" NOT IN ('paying', 'completed') OR "payoutId" IS NOT NULL)
);
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_destinationId_fkey" FOREIGN KEY ("destinationId") REFERENCES "payout_destination"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE UNIQUE INDEX "withdrawal_provider_payoutId_key" ON "withdrawal"("provider", "payoutId");
CREATE INDEX "withdrawal_userId_createdAt_idx" ON "withdrawal"("userId", "createdAt");
CREATE INDEX "withdrawal_state_createdAt_idx" ON "withdrawal"("state", "createdAt");

-- One reservation and at most one return per withdrawal.
ALTER TABLE "ledger_entry" ADD COLUMN "withdrawalId" TEXT;
CREATE UNIQUE INDEX "ledger_entry_withdrawalId_kind_key" ON "ledger_entry"("withdrawalId", "kind");
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "withdrawal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "withdrawal_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "autoApproveBelow" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "withdrawal_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "withdrawal_settings_one_row" CHECK ("id" = 1),
    CONSTRAINT "withdrawal_settings_amount_check" CHECK ("autoApproveBelow" >= 0)
);
INSERT INTO "withdrawal_settings" ("id") VALUES (1);
