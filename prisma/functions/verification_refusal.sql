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
