CREATE OR REPLACE FUNCTION public.open_pack(p_user text, p_pack text, p_price numeric, p_pair text, p_nonce integer, p_item text, p_value numeric, p_odds text, p_result integer, p_hash text, p_spin text, p_inventory_item text, p_ledger_entry text, p_idempotency_key text, p_response jsonb, p_house_take numeric DEFAULT NULL::numeric)
 RETURNS TABLE(balance_after numeric, balance_before numeric)
 LANGUAGE plpgsql
AS $function$
-- An opening: paid_play takes the price (wallet lock, age, exclusions, limits, the PACK_OPEN
-- ledger entry; XP and rakeback on p_house_take, the price less the pack's expected value), then
-- the opening writes its own rows and events.
DECLARE
  v_balance NUMERIC;
  v_response JSONB;
BEGIN
  v_balance := paid_play(p_user, p_price, 'PACK_OPEN', p_ledger_entry, jsonb_build_object('spinId', p_spin), p_house_take => p_house_take);
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
