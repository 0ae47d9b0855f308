-- Identity checks (KYC, #37): one row per account once it has started a check ("none" is no row).
-- The status only moves by verification-rule.ts; statusAt is the provider's time of the event it
-- came from. No document image or number is ever stored here.
-- CreateTable
CREATE TABLE "account_verification" (
    "userId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "applicantId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reviewAnswer" TEXT,
    "rejectType" TEXT,
    "rejectLabels" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "moderationComment" TEXT,
    "clientComment" TEXT,
    "statusAt" TIMESTAMP(3) NOT NULL,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextCheckAt" TIMESTAMP(3),

    CONSTRAINT "account_verification_pkey" PRIMARY KEY ("userId"),
    CONSTRAINT "account_verification_status" CHECK ("status" IN ('pending', 'verified', 'retry', 'rejected')),
    CONSTRAINT "account_verification_review_answer" CHECK ("reviewAnswer" IN ('GREEN', 'RED')),
    CONSTRAINT "account_verification_reject_type" CHECK ("rejectType" IN ('FINAL', 'RETRY'))
);

-- CreateIndex
CREATE INDEX "account_verification_status_nextCheckAt_idx" ON "account_verification"("status", "nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "account_verification_provider_applicantId_key" ON "account_verification"("provider", "applicantId");

-- AddForeignKey
ALTER TABLE "account_verification" ADD CONSTRAINT "account_verification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

