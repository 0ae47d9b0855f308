CREATE OR REPLACE FUNCTION public.battle_entry_debit(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- A battle seat's entry: paid_play takes it (wallet lock, age, exclusions, limits, the
-- BATTLE_ENTRY ledger entry); NULL when the balance is short. A seat earns no rakeback and no
-- commission (p_house_take 0): it can be refunded whole until the battle starts (leaving,
-- cancelling, expiry), and a take accrued here and not taken back made create-and-cancel a way to
-- earn rewards for nothing. Its XP is counted here and taken back by battle_entry_refund.
DECLARE
  v_balance NUMERIC;
BEGIN
  v_balance := paid_play(p_user, p_amount, 'BATTLE_ENTRY', p_ledger_entry, jsonb_build_object('battleId', p_battle), p_house_take => 0);
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(-p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_ENTRY', 'battleId', p_battle));
  RETURN v_balance;
END $function$
