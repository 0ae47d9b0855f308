CREATE OR REPLACE FUNCTION public.battle_entry_refund(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_balance NUMERIC;
BEGIN
  UPDATE wallet SET balance = balance + p_amount, "updatedAt" = now() WHERE "userId" = p_user RETURNING balance INTO v_balance;
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "battleId")
  VALUES (p_ledger_entry, p_user, 'BATTLE_REFUND', p_amount, v_balance, p_battle);
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_REFUND', 'battleId', p_battle));
  RETURN v_balance;
END $function$
