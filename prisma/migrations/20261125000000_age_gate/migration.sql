-- The age gate (issue 19): a date of birth given at sign-up, and who confirmed the account's
-- age. An account whose age nobody confirmed cannot open a pack; open_pack refuses it under
-- the wallet lock its debit takes, on every channel.

-- ageConfirmedBy: 'player' (a date of birth entered at sign-up or in Settings → Age) or
-- 'operator' (created with the admin CLI or by the demo seed, on the operator's word).
ALTER TABLE "user" ADD COLUMN "dateOfBirth" DATE;
ALTER TABLE "user" ADD COLUMN "ageConfirmedAt" TIMESTAMP(3);
ALTER TABLE "user" ADD COLUMN "ageConfirmedBy" TEXT;
ALTER TABLE "user" ADD CONSTRAINT "user_age_confirmation_check" CHECK (
  ("ageConfirmedAt" IS NULL AND "ageConfirmedBy" IS NULL)
  OR ("ageConfirmedBy" = 'operator' AND "ageConfirmedAt" IS NOT NULL)
  OR ("ageConfirmedBy" = 'player' AND "ageConfirmedAt" IS NOT NULL AND "dateOfBirth" IS NOT NULL));

-- Accounts from before the gate. Web sign-ups always have a credential (password) account;
-- accounts without any sign-in were made by the admin CLI or the demo seed (scripted bots,
-- the demo player): the operator's confirmation. One with a password may have come from
-- either, so it confirms its date of birth like a web account.
UPDATE "user" u SET "ageConfirmedAt" = CURRENT_TIMESTAMP, "ageConfirmedBy" = 'operator'
WHERE NOT EXISTS (SELECT 1 FROM "account" a WHERE a."userId" = u."id");

-- The account's age is not confirmed: open_pack looks at the user row only then, so a
-- confirmed account pays nothing more for the rule. Kept equal to "user"."ageConfirmedAt" IS
-- NULL by the triggers below, whatever writes either row.
ALTER TABLE "wallet" ADD COLUMN "ageUnconfirmed" BOOLEAN NOT NULL DEFAULT false;
UPDATE "wallet" w SET "ageUnconfirmed" = true FROM "user" u WHERE u."id" = w."userId" AND u."ageConfirmedAt" IS NULL;

CREATE FUNCTION "wallet_age_unconfirmed_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ageUnconfirmed" := EXISTS (SELECT 1 FROM "user" u WHERE u."id" = NEW."userId" AND u."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $$;
CREATE TRIGGER "wallet_age_unconfirmed_on_insert" BEFORE INSERT ON "wallet"
  FOR EACH ROW EXECUTE FUNCTION "wallet_age_unconfirmed_on_insert"();

CREATE FUNCTION "user_age_confirmation_to_wallet"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet SET "ageUnconfirmed" = (NEW."ageConfirmedAt" IS NULL)
  WHERE "userId" = NEW."id" AND "ageUnconfirmed" IS DISTINCT FROM (NEW."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $$;
CREATE TRIGGER "user_age_confirmation_to_wallet" AFTER UPDATE OF "ageConfirmedAt" ON "user"
  FOR EACH ROW EXECUTE FUNCTION "user_age_confirmation_to_wallet"();


-- open_pack as in 20261124200000_player_protection, now refusing (SQLSTATE PP403, the refusal
-- as DETAIL) an account whose age is not confirmed, under the wallet lock its debit takes.
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
END $$;
