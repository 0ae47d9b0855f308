-- Player protection (issue 19): spending limits, their pending raises, time-outs and
-- self-exclusions, enforced inside open_pack and deposits under the wallet lock.

-- What each spin won was worth at that moment: the loss limit counts price - value. Until now
-- only the inventory item kept it (and its value is the item's, not the spin's, once sold).
ALTER TABLE "spin" ADD COLUMN "value" DECIMAL(14,2);
UPDATE "spin" s SET "value" = i."value" FROM "inventory_item" i WHERE i."spinId" = s."id";
UPDATE "spin" SET "value" = 0 WHERE "value" IS NULL;
ALTER TABLE "spin" ALTER COLUMN "value" SET NOT NULL;

-- The limits that bind now: at most one per kind and period.
CREATE TABLE "spending_limit" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "spending_limit_pkey" PRIMARY KEY ("userId", "kind", "period"),
    CONSTRAINT "spending_limit_kind_check" CHECK ("kind" IN ('deposit', 'wager', 'loss')),
    CONSTRAINT "spending_limit_period_check" CHECK ("period" IN ('day', 'week', 'month')),
    CONSTRAINT "spending_limit_amount_check" CHECK ("amount" > 0)
);
ALTER TABLE "spending_limit" ADD CONSTRAINT "spending_limit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A raise or removal (amount NULL) waiting: confirmable from confirmableAt (24 h after the
-- request) until lapsesAt (7 days later); the old limit binds until it is confirmed. A newer
-- change of the same limit supersedes it.
CREATE TABLE "spending_limit_change" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "amount" DECIMAL(14,2),
    "requestedAt" TIMESTAMP(3) NOT NULL,
    "confirmableAt" TIMESTAMP(3) NOT NULL,
    "lapsesAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "supersededAt" TIMESTAMP(3),
    CONSTRAINT "spending_limit_change_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "spending_limit_change_kind_check" CHECK ("kind" IN ('deposit', 'wager', 'loss')),
    CONSTRAINT "spending_limit_change_period_check" CHECK ("period" IN ('day', 'week', 'month')),
    CONSTRAINT "spending_limit_change_amount_check" CHECK ("amount" IS NULL OR "amount" > 0),
    CONSTRAINT "spending_limit_change_order_check" CHECK ("requestedAt" <= "confirmableAt" AND "confirmableAt" <= "lapsesAt")
);
ALTER TABLE "spending_limit_change" ADD CONSTRAINT "spending_limit_change_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "spending_limit_change_userId_requestedAt_idx" ON "spending_limit_change"("userId", "requestedAt");
-- One open change per limit.
CREATE UNIQUE INDEX "spending_limit_change_open_key" ON "spending_limit_change"("userId", "kind", "period")
  WHERE "confirmedAt" IS NULL AND "supersededAt" IS NULL;

-- Time-outs and self-exclusions. endsAt NULL: permanent. A self-exclusion keeps binding after
-- its end until 24 h after the player asked to resume (resumeRequestedAt).
CREATE TABLE "player_exclusion" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endsAt" TIMESTAMP(3),
    "setById" TEXT,
    "setBy" TEXT NOT NULL,
    "resumeRequestedAt" TIMESTAMP(3),
    CONSTRAINT "player_exclusion_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_exclusion_period_check" CHECK (
      ("kind" = 'timeout' AND "period" IN ('24h', '7d', '30d', '6w') AND "endsAt" IS NOT NULL)
      OR ("kind" = 'self_exclusion' AND "period" IN ('6m', '1y', '5y', 'permanent') AND ("endsAt" IS NULL) = ("period" = 'permanent'))),
    CONSTRAINT "player_exclusion_resume_check" CHECK ("resumeRequestedAt" IS NULL OR ("kind" = 'self_exclusion' AND "resumeRequestedAt" >= "endsAt"))
);
ALTER TABLE "player_exclusion" ADD CONSTRAINT "player_exclusion_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "player_exclusion_userId_idx" ON "player_exclusion"("userId");

-- Nobody ends an exclusion early, not even with SQL through the application's role: rows are
-- never deleted and only resumeRequestedAt may be set, once.
CREATE FUNCTION "player_exclusion_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."resumeRequestedAt" IS NOT NULL
     OR (NEW."userId", NEW."kind", NEW."period", NEW."startsAt", NEW."endsAt", NEW."setById", NEW."setBy")
        IS DISTINCT FROM (OLD."userId", OLD."kind", OLD."period", OLD."startsAt", OLD."endsAt", OLD."setById", OLD."setBy") THEN
    RAISE EXCEPTION 'an exclusion cannot be shortened or lifted' USING ERRCODE = 'PP403';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "player_exclusion_refuse_change" BEFORE UPDATE OR DELETE ON "player_exclusion"
  FOR EACH ROW EXECUTE FUNCTION "player_exclusion_refuse_change"();

-- Whether the account has ever had a limit or an exclusion. open_pack reads it in the debit it
-- makes anyway, so an account that never had one pays nothing more for the rule; set by these
-- triggers whatever inserts the row, never cleared (a cleared flag could race a new limit).
ALTER TABLE "wallet" ADD COLUMN "hasProtection" BOOLEAN NOT NULL DEFAULT false;
CREATE FUNCTION "wallet_mark_protected"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet ("userId", "hasProtection") VALUES (NEW."userId", true)
  ON CONFLICT ("userId") DO UPDATE SET "hasProtection" = true WHERE NOT wallet."hasProtection";
  RETURN NEW;
END $$;
CREATE TRIGGER "spending_limit_marks_wallet" AFTER INSERT ON "spending_limit"
  FOR EACH ROW EXECUTE FUNCTION "wallet_mark_protected"();
CREATE TRIGGER "player_exclusion_marks_wallet" AFTER INSERT ON "player_exclusion"
  FOR EACH ROW EXECUTE FUNCTION "wallet_mark_protected"();

-- The rolling window of a limit's period.
CREATE FUNCTION "limit_window"(p_period TEXT) RETURNS INTERVAL LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' WHEN 'month' THEN interval '30 days' END
$$;

-- What counts against a limit of p_kind since p_since, entry by entry: deposits (DEPOSIT
-- ledger entries), wagers (prices of spins) or losses (price - value of each spin, negative
-- for a win). Read through the (userId, createdAt) indexes.
CREATE FUNCTION "spending_entries"(p_user TEXT, p_kind TEXT, p_since TIMESTAMP(3))
RETURNS TABLE (at TIMESTAMP(3), amount NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT s."createdAt", CASE p_kind WHEN 'wager' THEN s."price" ELSE s."price" - s."value" END
  FROM spin s
  WHERE p_kind IN ('wager', 'loss') AND s."userId" = p_user AND s."createdAt" > p_since
  UNION ALL
  SELECT d."createdAt", d."amount" FROM ledger_entry d
  WHERE p_kind = 'deposit' AND d."userId" = p_user AND d."kind" = 'DEPOSIT' AND d."createdAt" > p_since
$$;

-- The exclusion that binds the account now, if any: started, and not ended, or a
-- self-exclusion whose player has not asked to resume or asked less than 24 h ago. The
-- permanent one first, then the one that ends last.
CREATE FUNCTION "binding_exclusion"(p_user TEXT) RETURNS SETOF "player_exclusion" LANGUAGE sql STABLE AS $$
  SELECT e.* FROM player_exclusion e
  WHERE e."userId" = p_user AND e."startsAt" <= now()
    AND (e."endsAt" IS NULL OR e."endsAt" > now()
         OR (e."kind" = 'self_exclusion' AND (e."resumeRequestedAt" IS NULL OR e."resumeRequestedAt" + interval '24 hours' > now())))
  ORDER BY e."endsAt" DESC NULLS FIRST
  LIMIT 1
$$;

-- Why p_user may not spend p_amount now (p_action 'open' or 'deposit'), as JSON, or NULL when
-- it may. The one statement of the rule, used by open_pack and deposits under the wallet lock
-- (so the sums below cannot change until the caller commits). open_pack calls it only for an
-- account whose wallet hasProtection; deposits always (they are not the hot path).
--
-- A limit refuses when what counts in its rolling window plus p_amount passes it. Opens are
-- counted worst-case (the item's value as 0 for the loss). resetsAt is the earliest moment the
-- same request would pass: entries leave the window in createdAt order at createdAt + window,
-- so it is the first exit after which the remainder (total - running sum, which may grow
-- again as negative losses leave) leaves room; NULL when no exit ever does.
CREATE FUNCTION "player_protection_refusal"(p_user TEXT, p_action TEXT, p_amount NUMERIC)
RETURNS JSONB LANGUAGE plpgsql AS $$
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
END $$;

-- open_pack as before, now recording the spin's value and refusing, under the wallet lock its
-- debit takes, what an exclusion or a limit forbids (SQLSTATE PP403, the refusal as DETAIL).
CREATE OR REPLACE FUNCTION "open_pack"(
  p_user TEXT, p_pack TEXT, p_price NUMERIC, p_pair TEXT, p_nonce INTEGER,
  p_item TEXT, p_value NUMERIC, p_odds TEXT, p_result INTEGER, p_hash TEXT,
  p_spin TEXT, p_inventory_item TEXT, p_ledger_entry TEXT,
  p_idempotency_key TEXT, p_response JSONB
) RETURNS TABLE (balance_after NUMERIC, balance_before NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  v_balance NUMERIC;
  v_response JSONB;
  v_refusal JSONB;
  v_protected BOOLEAN;
BEGIN
  -- Locks the wallet row: an account's openings take turns here and can never overdraw.
  UPDATE wallet SET balance = balance - p_price, "updatedAt" = now()
  WHERE "userId" = p_user AND balance >= p_price
  RETURNING balance, "hasProtection" INTO v_balance, v_protected;
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
END $$;
