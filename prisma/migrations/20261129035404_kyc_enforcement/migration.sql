-- Identity checks enforced (#37): an operator's request per account, the due-diligence threshold
-- (a money setting: raising it waits for a second admin), and the one rule (verification_refusal)
-- asked by deposits (deposit_refusal), withdrawals and paid play (paid_play_refusal).
-- CreateTable
CREATE TABLE "verification_request" (
    "userId" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "blocksPlay" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_request_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "compliance_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "dueDiligenceDeposits" DECIMAL(14,2) NOT NULL DEFAULT 2000,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_settings_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "verification_request" ADD CONSTRAINT "verification_request_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


INSERT INTO "compliance_settings" ("id") VALUES (1);

-- A refusal for good, or an operator's request that holds play, marks the wallet protected, so
-- paid_play's check-free path (no flag, enough balance) never skips the identity rule.
CREATE TRIGGER "account_verification_marks_wallet" AFTER INSERT OR UPDATE OF "status" ON "account_verification"
  FOR EACH ROW WHEN (NEW."status" = 'rejected') EXECUTE FUNCTION "wallet_mark_protected"();
CREATE TRIGGER "verification_request_marks_wallet" AFTER INSERT OR UPDATE OF "blocksPlay" ON "verification_request"
  FOR EACH ROW WHEN (NEW."blocksPlay") EXECUTE FUNCTION "wallet_mark_protected"();

-- prisma/functions/verification_refusal.sql
CREATE OR REPLACE FUNCTION public.verification_refusal(p_user text, p_action text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The one rule of identity checks (#37): why p_user may not do p_action ('withdrawal',
-- 'deposit' of p_amount, or 'open': any paid play) without a verified identity now, as JSON
-- {"code":"KYC_REQUIRED","action":…,"reason":…,"status":…}, or NULL when they may. Reasons:
-- 'withdrawal' (every withdrawal waits for a check), 'due_diligence' (deposits over 30 days past
-- the operator's threshold, with "threshold"), 'operator' (an operator asked; with blocksPlay,
-- play waits too), 'rejected' (refused for good: no deposits, no play; a withdrawal goes to an
-- operator's review instead, so none is refused here). Callers ask it after the wallet's row lock.
DECLARE
  v_status TEXT;
  v_requested BOOLEAN := false;
  v_blocks_play BOOLEAN := false;
  v_threshold NUMERIC;
  v_deposits NUMERIC;
  v_reason TEXT;
BEGIN
  SELECT v.status INTO v_status FROM account_verification v WHERE v."userId" = p_user;
  IF v_status = 'verified' THEN
    RETURN NULL;
  END IF;
  SELECT true, r."blocksPlay" INTO v_requested, v_blocks_play FROM verification_request r WHERE r."userId" = p_user;
  IF v_status = 'rejected' THEN
    v_reason := CASE WHEN p_action = 'withdrawal' THEN NULL ELSE 'rejected' END;
  ELSIF p_action = 'open' THEN
    v_reason := CASE WHEN v_blocks_play THEN 'operator' END;
  ELSIF p_action = 'withdrawal' THEN
    v_reason := 'withdrawal';
  ELSIF v_requested THEN
    v_reason := 'operator';
  ELSE
    SELECT coalesce((SELECT s."dueDiligenceDeposits" FROM compliance_settings s WHERE s.id = 1), 2000.00) INTO v_threshold;
    -- Settled deposits and the invoices still open (a pending deposit may yet be paid).
    SELECT coalesce(sum(x.amount), 0) INTO v_deposits FROM (
      SELECT d.amount FROM ledger_entry d
      WHERE d."userId" = p_user AND d."kind" = 'DEPOSIT' AND d."createdAt" > now() - interval '30 days'
      UNION ALL
      SELECT p.amount FROM deposit p
      WHERE p."userId" = p_user AND p."status" = 'pending' AND p."createdAt" > now() - interval '30 days'
    ) x;
    IF v_deposits + p_amount > v_threshold THEN
      v_reason := 'due_diligence';
    END IF;
  END IF;
  IF v_reason IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_strip_nulls(jsonb_build_object('code', 'KYC_REQUIRED', 'action', p_action, 'reason', v_reason,
    'status', coalesce(v_status, 'none'), 'threshold', to_char(v_threshold, 'FM999999999990.00')));
END $function$
;

-- prisma/functions/deposit_refusal.sql
CREATE OR REPLACE FUNCTION public.deposit_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  -- Why p_user may not deposit p_amount now, or NULL: the deposit rule of every channel (an
  -- invoice, a demo deposit), asked after the wallet's row lock. Exclusions and deposit limits
  -- first, then the identity check (verification_refusal).
  SELECT coalesce(player_protection_refusal(p_user, 'deposit', p_amount), verification_refusal(p_user, 'deposit', p_amount))
$function$
;

-- prisma/functions/paid_play_refusal.sql
CREATE OR REPLACE FUNCTION public.paid_play_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
-- Why p_user may not play for p_amount now, as JSON, or NULL when they may: age unconfirmed
-- first (so the player hears what to do first), then player_protection_refusal as a wager. The
-- rule of every paid action: paid_play asks it under the wallet lock; battles also ask it of
-- each seat (with 0) before a battle's play starts. An identity check comes next (a refusal for
-- good, or an operator's request that holds play: verification_refusal); both mark the wallet
-- protected, so the check-free path never skips them.
DECLARE
  v_refusal JSONB;
BEGIN
  IF EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RETURN '{"code":"AGE_UNCONFIRMED"}'::jsonb;
  END IF;
  v_refusal := verification_refusal(p_user, 'open', p_amount);
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  RETURN player_protection_refusal(p_user, 'open', p_amount);
END $function$
;
