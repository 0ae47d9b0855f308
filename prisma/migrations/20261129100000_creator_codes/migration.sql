-- AlterTable
ALTER TABLE "reward_settings" ADD COLUMN     "affiliateEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "commissionBps" INTEGER NOT NULL DEFAULT 1000,
ADD COLUMN     "commissionDays" INTEGER NOT NULL DEFAULT 90,
ADD COLUMN     "referralEntryHours" INTEGER NOT NULL DEFAULT 24,
ADD COLUMN     "welcomeOpenings" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "welcomePackId" TEXT;

-- AlterTable
ALTER TABLE "reward_claim" ADD COLUMN     "creatorCodeId" TEXT,
ADD COLUMN     "referralId" TEXT;

-- CreateTable
CREATE TABLE "creator_code" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "disabledAt" TIMESTAMP(3),
    "commissionClaimed" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "creator_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referral" (
    "userId" TEXT NOT NULL,
    "creatorCodeId" TEXT NOT NULL,
    "commissionEndsAt" TIMESTAMP(3) NOT NULL,
    "commissionAccrued" DECIMAL(20,6) NOT NULL DEFAULT 0,
    "lastPlayedAt" TIMESTAMP(3),
    "welcomeClaimedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "referral_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "creator_code_userId_key" ON "creator_code"("userId");

-- CreateIndex
CREATE INDEX "referral_creatorCodeId_idx" ON "referral"("creatorCodeId");

-- CreateIndex
CREATE INDEX "reward_claim_creatorCodeId_idx" ON "reward_claim"("creatorCodeId");

-- CreateIndex
CREATE INDEX "reward_claim_referralId_idx" ON "reward_claim"("referralId");

-- AddForeignKey
ALTER TABLE "reward_settings" ADD CONSTRAINT "reward_settings_welcomePackId_fkey" FOREIGN KEY ("welcomePackId") REFERENCES "pack"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_creatorCodeId_fkey" FOREIGN KEY ("creatorCodeId") REFERENCES "creator_code"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_referralId_fkey" FOREIGN KEY ("referralId") REFERENCES "referral"("userId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_code" ADD CONSTRAINT "creator_code_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral" ADD CONSTRAINT "referral_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral" ADD CONSTRAINT "referral_creatorCodeId_fkey" FOREIGN KEY ("creatorCodeId") REFERENCES "creator_code"("id") ON DELETE RESTRICT ON UPDATE CASCADE;



-- What Prisma cannot express.
CREATE UNIQUE INDEX "creator_code_code_lower_key" ON "creator_code" (lower("code"));
ALTER TABLE "creator_code" ADD CONSTRAINT "creator_code_code" CHECK ("code" ~ '^[A-Za-z0-9-]{3,16}$' AND "commissionClaimed" >= 0);
ALTER TABLE "referral" ADD CONSTRAINT "referral_commission" CHECK ("commissionAccrued" >= 0);
ALTER TABLE "reward_settings" ADD CONSTRAINT "reward_settings_affiliates" CHECK (
  "commissionBps" BETWEEN 0 AND 5000 AND "commissionDays" BETWEEN 1 AND 3650
  AND "referralEntryHours" BETWEEN 1 AND 720 AND "welcomeOpenings" BETWEEN 0 AND 10);
-- A claim names its source row: a promo redemption, the creator code a commission was earned
-- under (cash), or the referral a welcome reward was given for (free openings).
ALTER TABLE "reward_claim" DROP CONSTRAINT "reward_claim_source";
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_source" CHECK (
  "source" IN ('rakeback', 'daily', 'promo', 'commission', 'welcome')
  AND ("source" = 'promo') = ("promoRedemptionId" IS NOT NULL)
  AND ("source" = 'commission') = ("creatorCodeId" IS NOT NULL)
  AND ("source" = 'welcome') = ("referralId" IS NOT NULL)
  AND ("source" <> 'commission' OR "spinId" IS NULL)
  AND ("source" <> 'welcome' OR "spinId" IS NOT NULL));
