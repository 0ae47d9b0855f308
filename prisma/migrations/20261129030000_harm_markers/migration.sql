-- Markers of harm (#37): rules with thresholds the console edits, the accounts waiting to be
-- looked at, and the cases their hits open (packages/core/src/harm). A hit never blocks anything;
-- an operator decides. The foreign keys to "user" are written here only (no Prisma relation, so
-- the user model stays as it is).

-- One row per marker; the engine reads the threshold at each evaluation.
-- CreateTable
CREATE TABLE "harm_marker_rule" (
    "marker" TEXT NOT NULL,
    "threshold" DECIMAL(14,2) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "harm_marker_rule_pkey" PRIMARY KEY ("marker"),
    CONSTRAINT "harm_marker_rule_marker" CHECK ("marker" IN ('net_deposits', 'net_deposits_high', 'rapid_deposits', 'deposit_after_zero',
      'limit_raised', 'limit_reached_days', 'night_play', 'reversal', 'long_session')),
    CONSTRAINT "harm_marker_rule_positive" CHECK ("threshold" > 0),
    -- Every marker but the two money ones counts something whole (deposits, days, minutes, hours).
    CONSTRAINT "harm_marker_rule_whole" CHECK ("marker" IN ('net_deposits', 'net_deposits_high') OR "threshold" = trunc("threshold")),
    CONSTRAINT "harm_marker_rule_nights" CHECK ("marker" <> 'night_play' OR "threshold" <= 7)
);

INSERT INTO "harm_marker_rule" ("marker", "threshold") VALUES
  ('net_deposits', 150.00),
  ('net_deposits_high', 500.00),
  ('rapid_deposits', 3),
  ('deposit_after_zero', 10),
  ('limit_raised', 2),
  ('limit_reached_days', 3),
  ('night_play', 5),
  ('reversal', 24),
  ('long_session', 180);

-- The markers' settings (one row): the time zone their days and nights are counted in (accounts
-- carry none), and the last day the nightly pass ran (its claim across instances).
-- CreateTable
CREATE TABLE "harm_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "nightlyRanOn" DATE,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "harm_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "harm_settings_one_row" CHECK ("id" = 1)
);

INSERT INTO "harm_settings" ("id") VALUES (1);

-- Accounts to evaluate: written by paid_play (every play), a settled deposit, a withdrawal's
-- request and a player's limit change, each ON CONFLICT DO NOTHING; claimed (deleted) by the
-- evaluation job with FOR UPDATE SKIP LOCKED.
-- CreateTable
CREATE TABLE "harm_pending" (
    "userId" TEXT NOT NULL,
    "markedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "harm_pending_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "harm_case" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "marker" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastHitAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hits" INTEGER NOT NULL DEFAULT 1,
    "ownerId" TEXT,
    "owner" TEXT,
    "outcome" TEXT,
    "closedAt" TIMESTAMP(3),
    "closedBy" TEXT,

    CONSTRAINT "harm_case_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "harm_case_status" CHECK ("status" IN ('open', 'closed')),
    CONSTRAINT "harm_case_closed" CHECK (("status" = 'closed') = ("closedAt" IS NOT NULL AND "outcome" IS NOT NULL))
);

-- One open case per account and marker: a marker that fires again adds a hit to it.
CREATE UNIQUE INDEX "harm_case_one_open" ON "harm_case"("userId", "marker") WHERE "status" = 'open';

-- CreateIndex
CREATE INDEX "harm_case_status_openedAt_idx" ON "harm_case"("status", "openedAt");

-- CreateIndex
CREATE INDEX "harm_case_userId_idx" ON "harm_case"("userId");

-- A marker's hit with the facts that triggered it. "key" names the event behind it (the latest
-- deposit, the withdrawal, the session's start...): the same event never counts twice.
-- CreateTable
CREATE TABLE "harm_hit" (
    "id" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "marker" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "facts" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "harm_hit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "harm_hit_userId_marker_key_key" ON "harm_hit"("userId", "marker", "key");

-- CreateIndex
CREATE INDEX "harm_hit_caseId_at_idx" ON "harm_hit"("caseId", "at");

-- What operators did on a case: notes, owner changes, actions, the close (also in admin_log).
-- CreateTable
CREATE TABLE "harm_case_entry" (
    "id" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT,
    "detail" JSONB,
    "actorId" TEXT,
    "actor" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "harm_case_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "harm_case_entry_kind" CHECK ("kind" IN ('note', 'owner', 'contacted', 'limit_set', 'suspended', 'verification_required', 'closed'))
);

-- CreateIndex
CREATE INDEX "harm_case_entry_caseId_createdAt_idx" ON "harm_case_entry"("caseId", "createdAt");

-- AddForeignKey
ALTER TABLE "harm_pending" ADD CONSTRAINT "harm_pending_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "harm_case" ADD CONSTRAINT "harm_case_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "harm_hit" ADD CONSTRAINT "harm_hit_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "harm_case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "harm_case_entry" ADD CONSTRAINT "harm_case_entry_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "harm_case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every play queues its account (paid_play's last statement).
-- prisma/functions/paid_play.sql
CREATE OR REPLACE FUNCTION public.paid_play(p_user text, p_amount numeric, p_kind "LedgerKind", p_ledger_entry text, p_reference jsonb)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- Every paid action (an opening, a battle seat, any later game) pays through here and adds only
-- its own rows: p_user's wallet debited by p_amount under its row lock, the paid-play rule asked
-- after the lock (paid_play_refusal: age first, then exclusions and limits; a refusal raises
-- PP403 with its JSON as DETAIL), and the spending entry: a ledger entry of p_kind for -p_amount
-- naming what p_reference names ({"spinId": …} or {"battleId": …}). Returns the balance after,
-- or NULL when it is short (nothing written). A refusal outranks a short balance, so the player
-- hears what to do first. ledger_entry's spin key is checked at commit, so an opening writes its
-- spin after this. The account is queued for the markers of harm (harm_pending).
DECLARE
  v_balance NUMERIC;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
BEGIN
  -- Locks the wallet row: an account's paid plays take turns here and can never overdraw.
  UPDATE wallet SET balance = balance - p_amount, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_amount
  RETURNING balance, "hasProtection", "ageUnconfirmed" INTO v_balance, v_protected, v_age_unconfirmed;
  -- After the lock, in statements of their own (fresh snapshots): a confirmation, an exclusion or
  -- a limit committed before the lock is seen, and the account's earlier plays are committed and
  -- counted, so concurrent plays cannot together pass a limit. The wallet's flags, kept equal to
  -- the user and protection rows by triggers and read from the locked row, let an account with
  -- neither flag and enough balance pay for no check.
  IF v_age_unconfirmed OR v_protected OR v_balance IS NULL THEN
    v_refusal := paid_play_refusal(p_user, p_amount);
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION 'player protection: %', v_refusal->>'code' USING ERRCODE = 'PP403', DETAIL = v_refusal::text;
    END IF;
  END IF;
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId", "battleId")
  VALUES (p_ledger_entry, p_user, p_kind, -p_amount, v_balance, p_reference->>'spinId', p_reference->>'battleId');
  -- The markers of harm look at this account soon (harm_pending, evaluated every few seconds by
  -- one instance). While it waits the row exists and this is an index probe that writes nothing.
  INSERT INTO harm_pending ("userId") VALUES (p_user) ON CONFLICT ("userId") DO NOTHING;
  RETURN v_balance;
END $function$
;
