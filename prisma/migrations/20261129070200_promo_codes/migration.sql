-- AlterTable
ALTER TABLE "reward_claim" ADD COLUMN     "promoRedemptionId" TEXT;

-- CreateTable
CREATE TABLE "promo_code" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "amount" DECIMAL(14,2),
    "packId" TEXT,
    "openings" INTEGER,
    "maxRedemptions" INTEGER NOT NULL,
    "redemptions" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "minLevel" INTEGER NOT NULL DEFAULT 0,
    "requiresDeposit" BOOLEAN NOT NULL DEFAULT false,
    "disabledAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_redemption" (
    "id" TEXT NOT NULL,
    "promoCodeId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_redemption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "promo_redemption_userId_idx" ON "promo_redemption"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "promo_redemption_promoCodeId_userId_key" ON "promo_redemption"("promoCodeId", "userId");

-- CreateIndex
CREATE INDEX "reward_claim_promoRedemptionId_idx" ON "reward_claim"("promoRedemptionId");

-- AddForeignKey
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_promoRedemptionId_fkey" FOREIGN KEY ("promoRedemptionId") REFERENCES "promo_redemption"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_packId_fkey" FOREIGN KEY ("packId") REFERENCES "pack"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_redemption" ADD CONSTRAINT "promo_redemption_promoCodeId_fkey" FOREIGN KEY ("promoCodeId") REFERENCES "promo_code"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_redemption" ADD CONSTRAINT "promo_redemption_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- What Prisma cannot express.
CREATE UNIQUE INDEX "promo_code_code_lower_key" ON "promo_code" (lower("code"));
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_reward" CHECK (
  ("amount" IS NOT NULL AND "amount" > 0 AND "packId" IS NULL AND "openings" IS NULL)
  OR ("amount" IS NULL AND "packId" IS NOT NULL AND "openings" BETWEEN 1 AND 10));
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_redemptions" CHECK ("maxRedemptions" >= 1 AND "redemptions" BETWEEN 0 AND "maxRedemptions" AND "minLevel" >= 0);
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_code" CHECK ("code" ~ '^[A-Za-z0-9-]{3,32}$');
-- A claim is cash (amount > 0, no spin) or a free opening (amount 0, its spin); rakeback is cash,
-- the daily case an opening, a promo code either.
ALTER TABLE "reward_claim" DROP CONSTRAINT "reward_claim_source";
ALTER TABLE "reward_claim" DROP CONSTRAINT "reward_claim_amounts";
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_source" CHECK ("source" IN ('rakeback', 'daily', 'promo') AND ("source" = 'promo') = ("promoRedemptionId" IS NOT NULL));
ALTER TABLE "reward_claim" ADD CONSTRAINT "reward_claim_amounts" CHECK (
  "amount" >= 0 AND "cost" >= 0 AND ("spinId" IS NOT NULL) = ("amount" = 0)
  AND ("source" <> 'rakeback' OR "spinId" IS NULL) AND ("source" <> 'daily' OR "spinId" IS NOT NULL));
