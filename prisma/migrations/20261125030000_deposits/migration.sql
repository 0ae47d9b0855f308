-- Deposits through a payment provider (issue 20): BTCPay Server invoices, credited once when
-- settled; pending ones count against deposit limits.

CREATE TABLE "deposit" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "invoiceId" TEXT,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "checkoutUrl" TEXT,
    "expiresAt" TIMESTAMP(3),
    "flag" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMP(3),
    "nextCheckAt" TIMESTAMP(3),
    CONSTRAINT "deposit_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deposit_status_check" CHECK ("status" IN ('pending', 'settled', 'expired', 'invalid')),
    CONSTRAINT "deposit_amount_check" CHECK ("amount" > 0),
    CONSTRAINT "deposit_settled_check" CHECK (("status" = 'settled') = ("settledAt" IS NOT NULL))
);
ALTER TABLE "deposit" ADD CONSTRAINT "deposit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "deposit_provider_invoiceId_key" ON "deposit"("provider", "invoiceId");
CREATE UNIQUE INDEX "deposit_userId_idempotencyKey_key" ON "deposit"("userId", "idempotencyKey");
CREATE INDEX "deposit_userId_createdAt_idx" ON "deposit"("userId", "createdAt");
CREATE INDEX "deposit_status_createdAt_idx" ON "deposit"("status", "createdAt");

-- A deposit is credited by exactly one ledger entry.
ALTER TABLE "ledger_entry" ADD COLUMN "depositId" TEXT;
CREATE UNIQUE INDEX "ledger_entry_depositId_key" ON "ledger_entry"("depositId");
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "deposit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "provider_secret" (
    "name" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "provider_secret_pkey" PRIMARY KEY ("name")
);

-- Deposit limits count, worst case, what is credited (DEPOSIT entries) and what may still be:
-- deposits pending at the provider, and expired ones too (a late payment of an expired invoice
-- is still settled and credited, so letting invoices expire must not free the limit), from
-- their creation. A settled deposit counts once, by its ledger entry (the same transaction
-- that ends its pending or expired state).
CREATE OR REPLACE FUNCTION "spending_entries"(p_user TEXT, p_kind TEXT, p_since TIMESTAMP(3))
RETURNS TABLE (at TIMESTAMP(3), amount NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT s."createdAt", CASE p_kind WHEN 'wager' THEN s."price" ELSE s."price" - s."value" END
  FROM spin s
  WHERE p_kind IN ('wager', 'loss') AND s."userId" = p_user AND s."createdAt" > p_since
  UNION ALL
  SELECT d."createdAt", d."amount" FROM ledger_entry d
  WHERE p_kind = 'deposit' AND d."userId" = p_user AND d."kind" = 'DEPOSIT' AND d."createdAt" > p_since
  UNION ALL
  SELECT p."createdAt", p."amount" FROM deposit p
  WHERE p_kind = 'deposit' AND p."userId" = p_user AND p."status" IN ('pending', 'expired') AND p."createdAt" > p_since
$$;
