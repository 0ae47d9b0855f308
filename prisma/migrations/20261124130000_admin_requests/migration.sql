-- The console asks before it moves money: every admin mutation carries a key per submission
-- (admin_request: a repeated submission replays the stored result instead of applying again),
-- and a credit above ADMIN_CREDIT_APPROVAL_ABOVE waits in pending_credit for a second admin.

-- CreateTable
CREATE TABLE "admin_request" (
    "id" BIGSERIAL NOT NULL,
    "actorId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "result" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pending_credit" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "reason" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_credit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "admin_request_actorId_key_key" ON "admin_request"("actorId", "key");

-- CreateIndex
CREATE INDEX "pending_credit_status_createdAt_idx" ON "pending_credit"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "pending_credit" ADD CONSTRAINT "pending_credit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What Prisma cannot express: a pending credit is positive, in one of three states, and the
-- admin who decides it is never the one who asked (four eyes, backed by the table itself).
ALTER TABLE "pending_credit" ADD CONSTRAINT "pending_credit_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "pending_credit" ADD CONSTRAINT "pending_credit_status_known" CHECK ("status" IN ('pending', 'approved', 'rejected'));
ALTER TABLE "pending_credit" ADD CONSTRAINT "pending_credit_four_eyes" CHECK ("decidedById" IS NULL OR "decidedById" <> "requestedById");
