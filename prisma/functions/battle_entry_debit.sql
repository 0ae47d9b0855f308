CREATE OR REPLACE FUNCTION public.battle_entry_debit(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_balance NUMERIC;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
BEGIN
  UPDATE wallet SET balance = balance - p_amount, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_amount
  RETURNING balance, "hasProtection", "ageUnconfirmed" INTO v_balance, v_protected, v_age_unconfirmed;
  IF v_age_unconfirmed OR v_protected OR v_balance IS NULL THEN
    v_refusal := paid_play_refusal(p_user, p_amount);
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION 'player protection: %', v_refusal->>'code' USING ERRCODE = 'PP403', DETAIL = v_refusal::text;
    END IF;
  END IF;
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "battleId")
  VALUES (p_ledger_entry, p_user, 'BATTLE_ENTRY', -p_amount, v_balance, p_battle);
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(-p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_ENTRY', 'battleId', p_battle));
  RETURN v_balance;
END $function$
