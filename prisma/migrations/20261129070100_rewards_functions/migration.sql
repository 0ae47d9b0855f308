-- Rewards (#39): reward_refusal, and XP and rakeback accrued in paid_play (its new p_house_take,
-- passed by open_pack, battle_entry_debit and upgrade_items). paid_play and open_pack gain a
-- parameter, so their old signatures go first (a new one would be an overload beside them).
DROP FUNCTION "paid_play"(TEXT, NUMERIC, "LedgerKind", TEXT, JSONB, NUMERIC);
DROP FUNCTION "open_pack"(TEXT, TEXT, NUMERIC, TEXT, INTEGER, TEXT, NUMERIC, TEXT, INTEGER, TEXT, TEXT, TEXT, TEXT, TEXT, JSONB);

-- prisma/functions/battle_entry_debit.sql
CREATE OR REPLACE FUNCTION public.battle_entry_debit(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- A battle seat's entry: paid_play takes it (wallet lock, age, exclusions, limits, the
-- BATTLE_ENTRY ledger entry); NULL when the balance is short. Its expected house take (for
-- rakeback) is each round's price less its pack's expected value, from the odds fixed at creation.
DECLARE
  v_balance NUMERIC;
  v_house_take NUMERIC;
BEGIN
  SELECT coalesce(sum(greatest(r.price - (
      SELECT coalesce(sum(((o->>'ticketTo')::int - (o->>'ticketFrom')::int + 1) * (o->>'value')::numeric), 0) / 100000
      FROM jsonb_array_elements(r.odds) o), 0)), 0)
  INTO v_house_take FROM battle_round r WHERE r."battleId" = p_battle;
  v_balance := paid_play(p_user, p_amount, 'BATTLE_ENTRY', p_ledger_entry, jsonb_build_object('battleId', p_battle), p_house_take => v_house_take);
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(-p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_ENTRY', 'battleId', p_battle));
  RETURN v_balance;
END $function$
;

-- prisma/functions/open_pack.sql
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
;

-- prisma/functions/paid_play.sql
CREATE OR REPLACE FUNCTION public.paid_play(p_user text, p_amount numeric, p_kind "LedgerKind", p_ledger_entry text, p_reference jsonb, p_wager numeric DEFAULT NULL::numeric, p_house_take numeric DEFAULT NULL::numeric)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- Every paid action (an opening, a battle seat, an upgrade, any later game) pays through here and
-- adds only its own rows: p_user's wallet debited by p_amount under its row lock, the paid-play
-- rule asked after the lock (paid_play_refusal: age first, then exclusions and limits; a refusal
-- raises PP403 with its JSON as DETAIL), and the spending entry: a ledger entry of p_kind for
-- -p_amount naming what p_reference names ({"spinId": …} or {"battleId": …}). Returns the balance
-- after, or NULL when it is short (nothing written). A refusal outranks a short balance, so the
-- player hears what to do first. ledger_entry's spin key is checked at commit, so an opening
-- writes its spin after this. The account is queued for the markers of harm (harm_pending).
-- p_wager, when given, is the wager the rule weighs instead of p_amount: an upgrade stakes items,
-- not money, so it pays 0 (no ledger entry: its own row is its spending entry, counted by
-- spending_entries) and wagers the stake's value, under the same lock and the same checks.
-- Levels and rakeback (#39) accrue here, so every game counts without a copy of its own: XP is the
-- cents wagered, and p_house_take (the play's expected house take: an opening's price less its
-- pack's expected value, a battle's or an upgrade's edge) earns rakeback at the rate of the level
-- the account was at before this play (reward_level), unrounded so the sub-cent remainder carries.
DECLARE
  v_balance NUMERIC;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
  v_xp BIGINT;
  v_xp_after BIGINT;
  v_level INTEGER;
  v_level_before INTEGER;
BEGIN
  -- Locks the wallet row: an account's paid plays take turns here and can never overdraw.
  UPDATE wallet SET balance = balance - p_amount, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_amount
  RETURNING balance, "hasProtection", "ageUnconfirmed" INTO v_balance, v_protected, v_age_unconfirmed;
  -- After the lock, in statements of their own (fresh snapshots): a confirmation, an exclusion or
  -- a limit committed before the lock is seen, and the account's earlier plays are committed and
  -- counted, so concurrent plays cannot together pass a limit. The wallet's flags, kept equal to
  -- the user and protection rows by triggers and read from the locked row, let an account with
  -- neither flag and enough balance pay for no check.
  IF v_age_unconfirmed OR v_protected OR v_balance IS NULL THEN
    v_refusal := paid_play_refusal(p_user, coalesce(p_wager, p_amount));
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION 'player protection: %', v_refusal->>'code' USING ERRCODE = 'PP403', DETAIL = v_refusal::text;
    END IF;
  END IF;
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_amount <> 0 THEN
    INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId", "battleId")
    VALUES (p_ledger_entry, p_user, p_kind, -p_amount, v_balance, p_reference->>'spinId', p_reference->>'battleId');
  END IF;
  -- One statement on the way: the account's reward row, under the wallet lock held above (every
  -- writer of account_reward holds it, so they take turns and the first play's insert cannot
  -- race). o is the row as this statement found it: the level before, whose rate this play earns.
  -- A play refused above never gets here, so nothing accrues while excluded, and what accrued
  -- before is kept. Rakeback switched off by the operator (reward_settings) stops accruing too.
  v_xp := (coalesce(p_wager, p_amount) * 100)::bigint;
  IF v_xp > 0 THEN
    UPDATE account_reward r SET
      xp = r.xp + v_xp,
      level = (SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= r.xp + v_xp),
      "rakebackAccrued" = r."rakebackAccrued" + coalesce(p_house_take, 0)
        * coalesce((SELECT l."rakebackBps" FROM reward_level l WHERE l.level = r.level), 0) / 10000
        * CASE WHEN coalesce((SELECT s."rakebackEnabled" FROM reward_settings s WHERE s.id = 1), true) THEN 1 ELSE 0 END,
      "updatedAt" = now()
    FROM (SELECT a.level FROM account_reward a WHERE a."userId" = p_user) o
    WHERE r."userId" = p_user
    RETURNING o.level, r.level, r.xp INTO v_level_before, v_level, v_xp_after;
    IF NOT FOUND THEN
      -- Level 0 earns no rakeback (the default table; an operator may give it a rate next time).
      INSERT INTO account_reward ("userId", xp, level)
      VALUES (p_user, v_xp, coalesce((SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= v_xp), 0))
      RETURNING 0, level, xp INTO v_level_before, v_level, v_xp_after;
    END IF;
    IF v_level > v_level_before THEN
      PERFORM record_account_event(p_user, 'level.reached',
        jsonb_build_object('level', v_level, 'previousLevel', v_level_before, 'xp', v_xp_after));
    END IF;
  END IF;
  -- The markers of harm look at this account soon (harm_pending, evaluated every few seconds by
  -- one instance). While it waits the row exists and this is an index probe that writes nothing.
  INSERT INTO harm_pending ("userId") VALUES (p_user) ON CONFLICT ("userId") DO NOTHING;
  RETURN v_balance;
END $function$
;

-- prisma/functions/reward_refusal.sql
CREATE OR REPLACE FUNCTION public.reward_refusal(p_user text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
-- The one rule of rewards (#39): why p_user may be offered or given no reward now, as JSON (the
-- paid-play refusal's, with "reward": true), or NULL when they may. It is the paid-play rule for
-- the smallest wager, one cent: age unconfirmed, an identity check refused for good or an
-- operator's hold on play, an exclusion or a time-out in force, a loss or wager limit reached
-- (what already counts plus a cent passes it). So whatever would stop this player playing stops
-- every reward too, with the same reason; a new rule of play applies to rewards with no change
-- here. Callers ask it after the wallet's row lock, as paid_play does.
DECLARE
  v_refusal JSONB;
BEGIN
  v_refusal := paid_play_refusal(p_user, 0.01);
  IF v_refusal IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN v_refusal || '{"reward":true}'::jsonb;
END $function$
;

-- prisma/functions/upgrade_items.sql
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
;
