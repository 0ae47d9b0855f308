CREATE OR REPLACE FUNCTION public.battle_entry_refund(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- A seat's entry given back whole (the seat left, the battle cancelled or expired before it
-- started), and the XP its debit counted (paid_play: the entry's cents) taken back with it, under
-- the wallet lock every writer of account_reward holds, so a refunded seat levels no one up.
DECLARE
  v_balance NUMERIC;
  v_xp BIGINT := (p_amount * 100)::bigint;
BEGIN
  UPDATE wallet SET balance = balance + p_amount, "updatedAt" = now() WHERE "userId" = p_user RETURNING balance INTO v_balance;
  UPDATE account_reward r SET
    xp = greatest(r.xp - v_xp, 0),
    level = coalesce((SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= greatest(r.xp - v_xp, 0)), 0),
    "updatedAt" = now()
  WHERE r."userId" = p_user;
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "battleId")
  VALUES (p_ledger_entry, p_user, 'BATTLE_REFUND', p_amount, v_balance, p_battle);
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_REFUND', 'battleId', p_battle));
  RETURN v_balance;
END $function$
