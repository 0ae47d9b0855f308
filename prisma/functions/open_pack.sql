CREATE OR REPLACE FUNCTION public.open_pack(p_user text, p_pack text, p_price numeric, p_pair text, p_nonce integer, p_item text, p_value numeric, p_odds text, p_result integer, p_hash text, p_spin text, p_inventory_item text, p_ledger_entry text, p_idempotency_key text, p_response jsonb)
 RETURNS TABLE(balance_after numeric, balance_before numeric)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_balance NUMERIC;
  v_response JSONB;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
BEGIN
  -- Locks the wallet row: an account's openings take turns here and can never overdraw.
  UPDATE wallet SET balance = balance - p_price, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_price
  RETURNING balance, "hasProtection", "ageUnconfirmed" INTO v_balance, v_protected, v_age_unconfirmed;
  -- An account whose age nobody confirmed may not open, whatever the channel. The user row is
  -- read after the lock: a confirmation clears the flag on this locked row in its own
  -- transaction, so it committed before the lock (and is seen) or waits for this opening.
  -- Checked on a short balance too, so the player hears what to do first.
  IF (v_age_unconfirmed OR v_balance IS NULL)
     AND EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RAISE EXCEPTION 'player protection: AGE_UNCONFIRMED' USING ERRCODE = 'PP403', DETAIL = '{"code":"AGE_UNCONFIRMED"}';
  END IF;
  -- After the lock, in a statement of its own (a fresh snapshot): the spins of the account's
  -- previous openings are all committed and counted, so concurrent openings cannot together
  -- pass a limit. Checked on a short balance too, so an excluded player hears EXCLUDED.
  -- hasProtection is read from the locked row, so a limit committed before the lock is seen.
  IF v_protected OR v_balance IS NULL THEN
    v_refusal := player_protection_refusal(p_user, 'open', p_price);
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION 'player protection: %', v_refusal->>'code' USING ERRCODE = 'PP403', DETAIL = v_refusal::text;
    END IF;
  END IF;
  IF v_balance IS NULL THEN
    RETURN QUERY SELECT NULL::NUMERIC, (SELECT w.balance FROM wallet w WHERE w."userId" = p_user);
    RETURN;
  END IF;

  UPDATE seed_pair SET nonce = nonce + 1 WHERE id = p_pair AND "userId" = p_user AND "retiredAt" IS NULL AND nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'seed pair % is not active at nonce %', p_pair, p_nonce USING ERRCODE = 'PP409';
  END IF;

  INSERT INTO spin (id, "userId", "packId", "itemId", "seedPairId", "oddsVersionId", nonce, result, hash, price, value)
  VALUES (p_spin, p_user, p_pack, p_item, p_pair, p_odds, p_nonce, p_result, p_hash, p_price, p_value);
  INSERT INTO inventory_item (id, "userId", "itemId", "spinId", value) VALUES (p_inventory_item, p_user, p_item, p_spin, p_value);
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId")
  VALUES (p_ledger_entry, p_user, 'PACK_OPEN', -p_price, v_balance, p_spin);
  -- spinCount is kept off this path: a tally row, rolled up into pack_stats every second.
  INSERT INTO spin_tally ("packId") VALUES (p_pack);

  v_response := jsonb_set(p_response, '{balanceAfter}', to_jsonb(v_balance));
  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_record SET response = v_response WHERE "userId" = p_user AND key = p_idempotency_key;
  END IF;
  PERFORM record_account_event(p_user, 'open.completed', v_response);
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'), 'amount', to_char(-p_price, 'FM999999999990.00'), 'reason', 'PACK_OPEN', 'spinId', p_spin));
  RETURN QUERY SELECT v_balance, v_balance + p_price;
END $function$
