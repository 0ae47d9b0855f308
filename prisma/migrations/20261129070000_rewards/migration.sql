-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'REWARD';

-- AlterTable
ALTER TABLE "ledger_entry" ADD COLUMN     "rewardClaimId" TEXT;

-- CreateTable
CREATE TABLE "account_reward" (
    "userId" TEXT NOT NULL,
    "xp" BIGINT NOT NULL DEFAULT 0,
    "level" INTEGER NOT NULL DEFAULT 0,
    "rakebackAccrued" DECIMAL(20,6) NOT NULL DEFAULT 0,
    "rakebackClaimed" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "lastDailyAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_reward_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "reward_level" (
    "level" INTEGER NOT NULL,
    "xpThreshold" BIGINT NOT NULL,
    "rakebackBps" INTEGER NOT NULL,
    "dailyPackId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reward_level_pkey" PRIMARY KEY ("level")
);

-- CreateTable
CREATE TABLE "reward_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "rakebackEnabled" BOOLEAN NOT NULL DEFAULT true,
    "dailyCaseEnabled" BOOLEAN NOT NULL DEFAULT true,
    "dailyBudget" DECIMAL(14,2) NOT NULL DEFAULT 1000,
    "dailyCaseMinWager" DECIMAL(14,2) NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reward_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reward_claim" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "cost" DECIMAL(14,2) NOT NULL,
    "spinId" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reward_claim_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reward_claim_spinId_key" ON "reward_claim"("spinId");

-- CreateIndex
CREATE INDEX "reward_claim_userId_createdAt_idx" ON "reward_claim"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "reward_claim_createdAt_idx" ON "reward_claim"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_rewardClaimId_key" ON "ledger_entry"("rewardClaimId");

-- AddForeignKey
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_rewardClaimId_fkey" FOREIGN KEY ("rewardClaimId") REFERENCES "reward_claim"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_reward" ADD CONSTRAINT "account_reward_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_level" ADD CONSTRAINT "reward_level_dailyPackId_fkey" FOREIGN KEY ("dailyPackId") REFERENCES "pack"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_spinId_fkey" FOREIGN KEY ("spinId") REFERENCES "spin"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- What Prisma cannot express. kind compared as text: the enum's new value cannot be used in the
-- migration adding it.
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_reward_claim" CHECK (("kind"::text = 'REWARD') = ("rewardClaimId" IS NOT NULL));
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_source" CHECK ("source" IN ('rakeback', 'daily'));
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_amounts" CHECK ("amount" >= 0 AND "cost" >= 0 AND ("source" = 'daily') = ("spinId" IS NOT NULL));
ALTER TABLE "account_reward" ADD CONSTRAINT "account_reward_amounts" CHECK ("xp" >= 0 AND "rakebackClaimed" >= 0 AND "rakebackClaimed" <= "rakebackAccrued");
ALTER TABLE "reward_level" ADD CONSTRAINT "reward_level_range" CHECK ("level" BETWEEN 0 AND 100 AND "rakebackBps" BETWEEN 0 AND 5000 AND "xpThreshold" >= 0 AND ("level" = 0) = ("xpThreshold" = 0));
ALTER TABLE "reward_settings" ADD CONSTRAINT "reward_settings_one_row" CHECK ("id" = 1 AND "dailyBudget" >= 0 AND "dailyCaseMinWager" >= 0);

-- The default level table: level 0 from nothing wagered (no rakeback), then 20 levels from
-- 100.00 wagered, each threshold double the one before (level 20: 52,428,800.00), rakeback rising
-- evenly from 5 % at level 1 to 15 % at level 20.
INSERT INTO "reward_level" ("level", "xpThreshold", "rakebackBps")
SELECT 0, 0, 0
UNION ALL
SELECT n, 10000::bigint * (2::bigint ^ (n - 1))::bigint, 500 + round((n - 1) * 1000 / 19.0)::int FROM generate_series(1, 20) AS n;
