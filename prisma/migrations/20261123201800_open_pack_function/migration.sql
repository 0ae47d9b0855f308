-- The opening's writes as one call: one round trip instead of BEGIN, two statements and
-- COMMIT (see docs/performance.md). The draw is made in the application (packages/fairness)
-- for the nonce it expects; this checks that the account's active seed pair is still at that
-- nonce, so a draw is never recorded against the wrong nonce. A call is one statement, so it
-- is atomic on its own: any exception undoes the debit.
--
-- Returns the balance after the debit, or NULL (and changes nothing) when the wallet holds
-- less than the price; balance_before is the balance it held. Raises SQLSTATE PP409 when the
-- seed pair is not the active one at p_nonce (rotated, or another instance opened first).
CREATE FUNCTION "open_pack"(
  p_user TEXT, p_pack TEXT, p_price NUMERIC, p_pair TEXT, p_nonce INTEGER,
  p_item TEXT, p_value NUMERIC, p_odds TEXT, p_result INTEGER, p_hash TEXT,
  p_spin TEXT, p_inventory_item TEXT, p_ledger_entry TEXT,
  p_idempotency_key TEXT, p_response JSONB
) RETURNS TABLE (balance_after NUMERIC, balance_before NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  v_balance NUMERIC;
BEGIN
  -- Locks the wallet row: an account's openings take turns here and can never overdraw.
  UPDATE wallet SET balance = balance - p_price, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_price
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    RETURN QUERY SELECT NULL::NUMERIC, (SELECT w.balance FROM wallet w WHERE w."userId" = p_user);
    RETURN;
  END IF;

  UPDATE seed_pair SET nonce = nonce + 1 WHERE id = p_pair AND "userId" = p_user AND "retiredAt" IS NULL AND nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'seed pair % is not active at nonce %', p_pair, p_nonce USING ERRCODE = 'PP409';
  END IF;

  INSERT INTO spin (id, "userId", "packId", "itemId", "seedPairId", "oddsVersionId", nonce, result, hash, price)
  VALUES (p_spin, p_user, p_pack, p_item, p_pair, p_odds, p_nonce, p_result, p_hash, p_price);
  INSERT INTO inventory_item (id, "userId", "itemId", "spinId", value) VALUES (p_inventory_item, p_user, p_item, p_spin, p_value);
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId")
  VALUES (p_ledger_entry, p_user, 'PACK_OPEN', -p_price, v_balance, p_spin);
  -- spinCount is kept off this path: a tally row, rolled up into pack_stats every second.
  INSERT INTO spin_tally ("packId") VALUES (p_pack);
  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_record SET response = jsonb_set(p_response, '{balanceAfter}', to_jsonb(v_balance))
    WHERE "userId" = p_user AND key = p_idempotency_key;
  END IF;
  RETURN QUERY SELECT v_balance, v_balance + p_price;
END $$;
