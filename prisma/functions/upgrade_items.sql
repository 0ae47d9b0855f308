CREATE OR REPLACE FUNCTION public.upgrade_items(p_user text, p_upgrade text, p_stake text[], p_stake_value numeric, p_target text, p_target_value numeric, p_edge_bps integer, p_cap_tickets integer, p_chance_tickets integer, p_pair text, p_nonce integer, p_hash text, p_ticket integer, p_won boolean, p_inventory_item text, p_idempotency_key text, p_response jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
-- An upgrade (upgrade/v1), drawn by the caller for the pair's nonce p_nonce: the stake items leave
-- the inventory (UPGRADED), paid_play weighs their value as a wager (wallet lock, age, exclusions,
-- limits; it pays 0, so no ledger entry), the nonce advances, the upgrade row and its stakes are
-- written, and a win adds the target as a new HELD item at p_target_value. All or nothing.
-- Refusals: PP410 when an item is not a HELD item of p_user (the caller says which and why),
-- PP409 when the pair is not active at p_nonce (the caller draws again), PP403 from paid_play.
DECLARE
  v_count INTEGER;
  v_value NUMERIC;
  v_balance NUMERIC;
BEGIN
  -- The stake first, each row locked in id order (as a sale or a shipment locks them, and before
  -- the wallet as they do, so none of them can deadlock with this): the conditional update
  -- re-checks HELD after any wait, so of concurrent requests staking, selling, shipping or
  -- exchanging one item exactly one gets it; the others find it gone and roll back.
  WITH target AS (
    SELECT id FROM inventory_item
    WHERE id = ANY(p_stake) AND "userId" = p_user AND status = 'HELD'
    ORDER BY id
    FOR NO KEY UPDATE
  ), staked AS (
    UPDATE inventory_item i SET status = 'UPGRADED' FROM target WHERE i.id = target.id AND i.status = 'HELD' RETURNING i.value
  )
  SELECT count(*), coalesce(sum(value), 0) INTO v_count, v_value FROM staked;
  IF v_count <> cardinality(p_stake) THEN
    RAISE EXCEPTION 'an item of the stake is not held' USING ERRCODE = 'PP410';
  END IF;
  -- Item values never change once won, so this holds unless the caller summed the wrong rows.
  IF v_value <> p_stake_value THEN
    RAISE EXCEPTION 'the stake is worth %, not %', v_value, p_stake_value;
  END IF;

  v_balance := paid_play(p_user, 0, NULL, NULL, NULL, p_wager => p_stake_value, p_house_take => p_stake_value * p_edge_bps / 10000);
  IF v_balance IS NULL THEN
    RAISE EXCEPTION 'account % has no wallet', p_user;
  END IF;

  UPDATE seed_pair SET nonce = nonce + 1 WHERE id = p_pair AND "userId" = p_user AND "retiredAt" IS NULL AND nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'seed pair % is not active at nonce %', p_pair, p_nonce USING ERRCODE = 'PP409';
  END IF;

  INSERT INTO upgrade (id, "userId", "seedPairId", nonce, "stakeValue", "targetItemId", "targetValue", "edgeBps", "capTickets",
                       "chanceTickets", hash, ticket, won, "idempotencyKey")
  VALUES (p_upgrade, p_user, p_pair, p_nonce, p_stake_value, p_target, p_target_value, p_edge_bps, p_cap_tickets,
          p_chance_tickets, p_hash, p_ticket, p_won, p_idempotency_key);
  INSERT INTO upgrade_stake ("upgradeId", "inventoryItemId", value)
  SELECT p_upgrade, i.id, i.value FROM inventory_item i WHERE i.id = ANY(p_stake);
  IF p_won THEN
    INSERT INTO inventory_item (id, "userId", "itemId", "upgradeId", value) VALUES (p_inventory_item, p_user, p_target, p_upgrade, p_target_value);
  END IF;

  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_record SET response = p_response WHERE "userId" = p_user AND key = p_idempotency_key;
  END IF;
  PERFORM record_account_event(p_user, 'upgrade.completed', p_response);
END $function$
