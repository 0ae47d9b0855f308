-- A battle's paid-play check, shared (issue 34, item 4). A battle created before a time-out was
-- filled with house bots during it and played: the protection was checked only where an entry is
-- debited. Now every seat's entry and every start of a battle's play (its last seat, by a join or
-- house bots) ask the one question below, under the wallet locks the caller holds.

-- Why p_user may not play for p_amount now, as JSON, or NULL when they may: age unconfirmed
-- first (so the player hears what to do first), then player_protection_refusal as a wager of
-- p_amount. open_pack asks the same two questions in its own body (its hot path reads the
-- wallet's flags first); one paid-play function for every game is a later issue's.
-- The caller holds p_user's wallet row lock, so an exclusion, a limit or a confirmation
-- committed before it is seen, and the sums cannot change until the caller commits.
CREATE FUNCTION "paid_play_refusal"(p_user TEXT, p_amount NUMERIC)
RETURNS JSONB LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RETURN '{"code":"AGE_UNCONFIRMED"}'::jsonb;
  END IF;
  RETURN player_protection_refusal(p_user, 'open', p_amount);
END $$;

-- battle_entry_debit as in 20261127040000_battles, its refusal now paid_play_refusal's (the
-- same answers: an account with neither flag and enough balance still pays for no check).
CREATE OR REPLACE FUNCTION "battle_entry_debit"(p_user TEXT, p_amount NUMERIC, p_battle TEXT, p_ledger_entry TEXT)
RETURNS NUMERIC LANGUAGE plpgsql AS $$
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
END $$;
