-- One paid-play function (issue 35, item 3). open_pack and battle_entry_debit each locked the
-- wallet, asked the age, exclusion and limit questions and wrote the spending ledger entry in
-- their own bodies; paid_play now does that for both (and for any later game), and each adds
-- only its own rows and events. The answers are the same: paid_play asks paid_play_refusal
-- (age, then player_protection_refusal as a wager) when the locked wallet's flags or a short
-- balance call for it, as battle_entry_debit did; open_pack asked the same questions in two
-- steps under the same flags, which the triggers keep equal to the rows they summarise.
--
-- paid_play writes the ledger entry before the opening writes the spin that entry names, so the
-- entry's spin key is checked at commit (the only writer of ledger_entry."spinId" is open_pack).
ALTER TABLE "ledger_entry" ALTER CONSTRAINT "ledger_entry_spinId_fkey" DEFERRABLE INITIALLY DEFERRED;

-- From here on, prisma/functions/<name>.sql is the current definition of each SQL function, as
-- pg_get_functiondef prints it (packages/db/src/functions.db.test.ts holds them equal); this
-- migration carries every one of them, each file's text as it is. A later migration changing a
-- function carries its file (scripts/dev/sql-functions.ts).

-- prisma/functions/admin_log_refuse_change.sql
CREATE OR REPLACE FUNCTION public.admin_log_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'admin_log is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $function$
;

-- prisma/functions/battle_entry_debit.sql
CREATE OR REPLACE FUNCTION public.battle_entry_debit(p_user text, p_amount numeric, p_battle text, p_ledger_entry text)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- A battle seat's entry: paid_play takes it (wallet lock, age, exclusions, limits, the
-- BATTLE_ENTRY ledger entry); NULL when the balance is short.
DECLARE
  v_balance NUMERIC;
BEGIN
  v_balance := paid_play(p_user, p_amount, 'BATTLE_ENTRY', p_ledger_entry, jsonb_build_object('battleId', p_battle));
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'),
      'amount', to_char(-p_amount, 'FM999999999990.00'), 'reason', 'BATTLE_ENTRY', 'battleId', p_battle));
  RETURN v_balance;
END $function$
;

-- prisma/functions/battle_entry_refund.sql
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
;

-- prisma/functions/binding_exclusion.sql
CREATE OR REPLACE FUNCTION public.binding_exclusion(p_user text)
 RETURNS SETOF player_exclusion
 LANGUAGE sql
 STABLE
AS $function$
  SELECT e.* FROM player_exclusion e
  WHERE e."userId" = p_user AND e."startsAt" <= now()
    AND (e."endsAt" IS NULL OR e."endsAt" > now()
         OR (e."kind" = 'self_exclusion' AND (e."resumeRequestedAt" IS NULL OR e."resumeRequestedAt" + interval '24 hours' > now())))
  ORDER BY e."endsAt" DESC NULLS FIRST
  LIMIT 1
$function$
;

-- prisma/functions/limit_window.sql
CREATE OR REPLACE FUNCTION public.limit_window(p_period text)
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE p_period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' WHEN 'month' THEN interval '30 days' END
$function$
;

-- prisma/functions/lock_accounts.sql
CREATE OR REPLACE FUNCTION public.lock_accounts(p_wallets text[], p_events text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_user TEXT;
BEGIN
  FOREACH v_user IN ARRAY p_wallets LOOP
    PERFORM 1 FROM wallet WHERE "userId" = v_user FOR UPDATE;
  END LOOP;
  FOREACH v_user IN ARRAY p_events LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('account_event:' || v_user, 0));
  END LOOP;
END $function$
;

-- prisma/functions/open_pack.sql
CREATE OR REPLACE FUNCTION public.open_pack(p_user text, p_pack text, p_price numeric, p_pair text, p_nonce integer, p_item text, p_value numeric, p_odds text, p_result integer, p_hash text, p_spin text, p_inventory_item text, p_ledger_entry text, p_idempotency_key text, p_response jsonb)
 RETURNS TABLE(balance_after numeric, balance_before numeric)
 LANGUAGE plpgsql
AS $function$
-- An opening: paid_play takes the price (wallet lock, age, exclusions, limits, the PACK_OPEN
-- ledger entry), then the opening writes its own rows and events.
DECLARE
  v_balance NUMERIC;
  v_response JSONB;
BEGIN
  v_balance := paid_play(p_user, p_price, 'PACK_OPEN', p_ledger_entry, jsonb_build_object('spinId', p_spin));
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
CREATE OR REPLACE FUNCTION public.paid_play(p_user text, p_amount numeric, p_kind "LedgerKind", p_ledger_entry text, p_reference jsonb)
 RETURNS numeric
 LANGUAGE plpgsql
AS $function$
-- Every paid action (an opening, a battle seat, any later game) pays through here and adds only
-- its own rows: p_user's wallet debited by p_amount under its row lock, the paid-play rule asked
-- after the lock (paid_play_refusal: age first, then exclusions and limits; a refusal raises
-- PP403 with its JSON as DETAIL), and the spending entry: a ledger entry of p_kind for -p_amount
-- naming what p_reference names ({"spinId": …} or {"battleId": …}). Returns the balance after,
-- or NULL when it is short (nothing written). A refusal outranks a short balance, so the player
-- hears what to do first. ledger_entry's spin key is checked at commit, so an opening writes its
-- spin after this.
DECLARE
  v_balance NUMERIC;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
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
    v_refusal := paid_play_refusal(p_user, p_amount);
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION 'player protection: %', v_refusal->>'code' USING ERRCODE = 'PP403', DETAIL = v_refusal::text;
    END IF;
  END IF;
  IF v_balance IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId", "battleId")
  VALUES (p_ledger_entry, p_user, p_kind, -p_amount, v_balance, p_reference->>'spinId', p_reference->>'battleId');
  RETURN v_balance;
END $function$
;

-- prisma/functions/paid_play_refusal.sql
CREATE OR REPLACE FUNCTION public.paid_play_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
-- Why p_user may not play for p_amount now, as JSON, or NULL when they may: age unconfirmed
-- first (so the player hears what to do first), then player_protection_refusal as a wager. The
-- rule of every paid action: paid_play asks it under the wallet lock; battles also ask it of
-- each seat (with 0) before a battle's play starts.
BEGIN
  IF EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RETURN '{"code":"AGE_UNCONFIRMED"}'::jsonb;
  END IF;
  RETURN player_protection_refusal(p_user, 'open', p_amount);
END $function$
;

-- prisma/functions/player_exclusion_refuse_change.sql
CREATE OR REPLACE FUNCTION public.player_exclusion_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."resumeRequestedAt" IS NOT NULL
     OR (NEW."userId", NEW."kind", NEW."period", NEW."startsAt", NEW."endsAt", NEW."setById", NEW."setBy")
        IS DISTINCT FROM (OLD."userId", OLD."kind", OLD."period", OLD."startsAt", OLD."endsAt", OLD."setById", OLD."setBy") THEN
    RAISE EXCEPTION 'an exclusion cannot be shortened or lifted' USING ERRCODE = 'PP403';
  END IF;
  RETURN NEW;
END $function$
;

-- prisma/functions/player_protection_refusal.sql
CREATE OR REPLACE FUNCTION public.player_protection_refusal(p_user text, p_action text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_exclusion RECORD;
  v_limit RECORD;
  v_window INTERVAL;
  v_used NUMERIC;
  v_resets TIMESTAMP(3);
  v_latest TIMESTAMP(3);
  v_refusal JSONB;
BEGIN
  SELECT e."kind", e."period", e."endsAt", e."resumeRequestedAt" INTO v_exclusion FROM binding_exclusion(p_user) e;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'code', 'EXCLUDED', 'kind', v_exclusion."kind", 'period', v_exclusion."period",
      'endsAt', to_char(v_exclusion."endsAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'resumesAt', to_char(v_exclusion."resumeRequestedAt" + interval '24 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  END IF;

  FOR v_limit IN
    SELECT l."kind", l."period", l."amount" FROM spending_limit l
    WHERE l."userId" = p_user AND (l."kind" = 'deposit') = (p_action = 'deposit')
  LOOP
    v_window := limit_window(v_limit."period");
    SELECT coalesce(sum(e.amount), 0) INTO v_used
    FROM spending_entries(p_user, v_limit."kind", (now() - v_window)::TIMESTAMP(3)) e;
    CONTINUE WHEN v_used + p_amount <= v_limit."amount";
    -- Refused: when would it pass? (Only now, so an allowed request pays no window function.)
    WITH sums AS (
      -- RANGE frame (the default): entries of the same instant leave together.
      SELECT e.at, sum(e.amount) OVER (ORDER BY e.at) AS running, sum(e.amount) OVER () AS total
      FROM spending_entries(p_user, v_limit."kind", (now() - v_window)::TIMESTAMP(3)) e
    )
    SELECT min(at + v_window) FILTER (WHERE total - running + p_amount <= v_limit."amount") INTO v_resets FROM sums;
    -- Several refuse: the request passes once all do, so report the one that frees last
    -- (never, NULL, beats any moment).
    IF v_refusal IS NULL OR (v_latest IS NOT NULL AND (v_resets IS NULL OR v_resets > v_latest)) THEN
      v_latest := v_resets;
      v_refusal := jsonb_build_object(
        'code', 'LIMIT_REACHED', 'kind', v_limit."kind", 'period', v_limit."period",
        'limit', to_char(v_limit."amount", 'FM999999999990.00'), 'used', to_char(v_used, 'FM999999999990.00'),
        'requested', to_char(p_amount, 'FM999999999990.00'),
        'resetsAt', to_char(v_resets, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
    END IF;
  END LOOP;
  RETURN v_refusal;
END $function$
;

-- prisma/functions/prizepacks_notify_api_key.sql
CREATE OR REPLACE FUNCTION public.prizepacks_notify_api_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'key', 'hashedKey', OLD."hashedKey")::text);
  RETURN NULL;
END $function$
;

-- prisma/functions/prizepacks_notify_catalog.sql
CREATE OR REPLACE FUNCTION public.prizepacks_notify_catalog()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', '{"kind":"catalog"}');
  RETURN NULL;
END $function$
;

-- prisma/functions/prizepacks_notify_user.sql
CREATE OR REPLACE FUNCTION public.prizepacks_notify_user()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'user', 'userId', OLD."id")::text);
  RETURN NULL;
END $function$
;

-- prisma/functions/protection_event_refuse_change.sql
CREATE OR REPLACE FUNCTION public.protection_event_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'protection_event is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $function$
;

-- prisma/functions/record_account_event.sql
CREATE OR REPLACE FUNCTION public.record_account_event(p_user text, p_type text, p_data jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_id BIGINT;
BEGIN
  -- The per-account advisory lock (held to commit) makes an account's event ids increase in
  -- commit order: a reader that has seen the account's event N has seen every earlier one.
  PERFORM pg_advisory_xact_lock(hashtextextended('account_event:' || p_user, 0));
  INSERT INTO account_event ("userId", "type", "data") VALUES (p_user, p_type, p_data) RETURNING id INTO v_id;
  -- Webhook deliveries, in the same transaction: an endpoint registered for this type gets
  -- exactly one delivery of this event.
  INSERT INTO webhook_delivery ("endpointId", "eventId")
  SELECT e.id, v_id FROM webhook_endpoint e WHERE e."userId" = p_user AND e.enabled AND p_type = ANY(e."eventTypes");
  RETURN v_id;
END $function$
;

-- prisma/functions/revoke_password_reset_links.sql
CREATE OR REPLACE FUNCTION public.revoke_password_reset_links()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "verification" WHERE "value" = NEW."userId" AND "identifier" LIKE 'reset-password:%';
  RETURN NULL;
END $function$
;

-- prisma/functions/spending_entries.sql
CREATE OR REPLACE FUNCTION public.spending_entries(p_user text, p_kind text, p_since timestamp without time zone)
 RETURNS TABLE(at timestamp without time zone, amount numeric)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s."createdAt", CASE p_kind WHEN 'wager' THEN s."price" ELSE s."price" - s."value" END
  FROM spin s
  WHERE p_kind IN ('wager', 'loss') AND s."userId" = p_user AND s."createdAt" > p_since
  UNION ALL
  SELECT d."createdAt", d."amount" FROM ledger_entry d
  WHERE p_kind = 'deposit' AND d."userId" = p_user AND d."kind" = 'DEPOSIT' AND d."createdAt" > p_since
  UNION ALL
  SELECT p."createdAt", p."amount" FROM deposit p
  WHERE p_kind = 'deposit' AND p."userId" = p_user AND p."status" IN ('pending', 'expired') AND p."createdAt" > p_since
  UNION ALL
  -- kind compared as text: the enum's new values cannot be used in the migration adding them.
  SELECT b."createdAt", -b."amount" FROM ledger_entry b
  WHERE p_kind IN ('wager', 'loss') AND b."userId" = p_user AND b."kind"::text IN ('BATTLE_ENTRY', 'BATTLE_REFUND') AND b."createdAt" > p_since
  UNION ALL
  SELECT i."createdAt", -i."value" FROM inventory_item i
  WHERE p_kind = 'loss' AND i."userId" = p_user AND i."battleId" IS NOT NULL AND i."createdAt" > p_since
$function$
;

-- prisma/functions/user_age_confirmation_to_wallet.sql
CREATE OR REPLACE FUNCTION public.user_age_confirmation_to_wallet()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE wallet SET "ageUnconfirmed" = (NEW."ageConfirmedAt" IS NULL)
  WHERE "userId" = NEW."id" AND "ageUnconfirmed" IS DISTINCT FROM (NEW."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $function$
;

-- prisma/functions/wallet_age_unconfirmed_on_insert.sql
CREATE OR REPLACE FUNCTION public.wallet_age_unconfirmed_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW."ageUnconfirmed" := EXISTS (SELECT 1 FROM "user" u WHERE u."id" = NEW."userId" AND u."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $function$
;

-- prisma/functions/wallet_mark_protected.sql
CREATE OR REPLACE FUNCTION public.wallet_mark_protected()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO wallet ("userId", "hasProtection") VALUES (NEW."userId", true)
  ON CONFLICT ("userId") DO UPDATE SET "hasProtection" = true WHERE NOT wallet."hasProtection";
  RETURN NEW;
END $function$
;
