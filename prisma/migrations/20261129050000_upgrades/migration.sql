-- The upgrader and the exchange (#38). Items staked in an upgrade become UPGRADED, items given in
-- an exchange EXCHANGED; both leave the inventory for good. The new enum values cannot be used in
-- this migration (its transaction adds them), so the CHECKs below compare status and kind as text.
ALTER TYPE "InventoryStatus" ADD VALUE 'UPGRADED';
ALTER TYPE "InventoryStatus" ADD VALUE 'EXCHANGED';
ALTER TYPE "LedgerKind" ADD VALUE 'EXCHANGE';

-- The game settings (money settings: money-settings.ts); no row: the defaults.
CREATE TABLE "game_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "upgradeEdgeBps" INTEGER NOT NULL DEFAULT 800,
    "upgradeCapTickets" INTEGER NOT NULL DEFAULT 75000,
    "exchangeFeeBps" INTEGER NOT NULL DEFAULT 500,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "game_settings_one_row" CHECK ("id" = 1),
    CONSTRAINT "game_settings_upgrade_edge" CHECK ("upgradeEdgeBps" BETWEEN 200 AND 2000),
    CONSTRAINT "game_settings_upgrade_cap" CHECK ("upgradeCapTickets" BETWEEN 10000 AND 90000),
    CONSTRAINT "game_settings_exchange_fee" CHECK ("exchangeFeeBps" BETWEEN 0 AND 2000)
);

CREATE TABLE "upgrade" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "seedPairId" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "stakeValue" DECIMAL(14,2) NOT NULL,
    "targetItemId" TEXT NOT NULL,
    "targetValue" DECIMAL(14,2) NOT NULL,
    "edgeBps" INTEGER NOT NULL,
    "capTickets" INTEGER NOT NULL,
    "chanceTickets" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "ticket" INTEGER NOT NULL,
    "won" BOOLEAN NOT NULL,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "upgrade_pkey" PRIMARY KEY ("id"),
    -- The rules the roll was made under; the audit re-derives chance, hash, ticket and outcome.
    CONSTRAINT "upgrade_rules" CHECK (
      "stakeValue" > 0 AND "targetValue" > "stakeValue" AND "chanceTickets" BETWEEN 1000 AND "capTickets"
      AND "ticket" BETWEEN 1 AND 100000 AND "won" = ("ticket" <= "chanceTickets"))
);

CREATE TABLE "upgrade_stake" (
    "upgradeId" TEXT NOT NULL,
    "inventoryItemId" TEXT NOT NULL,
    "value" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "upgrade_stake_pkey" PRIMARY KEY ("upgradeId","inventoryItemId")
);

CREATE TABLE "exchange" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "givenValue" DECIMAL(14,2) NOT NULL,
    "receivedValue" DECIMAL(14,2) NOT NULL,
    "feeBps" INTEGER NOT NULL,
    "cash" DECIMAL(14,2) NOT NULL,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exchange_pkey" PRIMARY KEY ("id"),
    -- Received and cash within what was given less the fee, the cash that remainder rounded down to
    -- the cent: with R = given × (1 − fee) − received, cash ≤ R < cash + 0.01, multiplied out by
    -- 10000 so that no division rounds.
    CONSTRAINT "exchange_balances" CHECK (
      "cash" >= 0 AND "receivedValue" > 0 AND "feeBps" BETWEEN 0 AND 10000
      AND "cash" * 10000 <= "givenValue" * (10000 - "feeBps") - "receivedValue" * 10000
      AND "givenValue" * (10000 - "feeBps") - "receivedValue" * 10000 < ("cash" + 0.01) * 10000)
);

CREATE TABLE "exchange_item" (
    "exchangeId" TEXT NOT NULL,
    "inventoryItemId" TEXT NOT NULL,
    "value" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "exchange_item_pkey" PRIMARY KEY ("exchangeId","inventoryItemId")
);

ALTER TABLE "inventory_item" ADD COLUMN "upgradeId" TEXT;
ALTER TABLE "inventory_item" ADD COLUMN "exchangeId" TEXT;
ALTER TABLE "ledger_entry" ADD COLUMN "exchangeId" TEXT;

CREATE UNIQUE INDEX "upgrade_seedPairId_nonce_key" ON "upgrade"("seedPairId", "nonce");
CREATE INDEX "upgrade_userId_createdAt_idx" ON "upgrade"("userId", "createdAt");
CREATE UNIQUE INDEX "upgrade_stake_inventoryItemId_key" ON "upgrade_stake"("inventoryItemId");
CREATE INDEX "exchange_userId_createdAt_idx" ON "exchange"("userId", "createdAt");
CREATE UNIQUE INDEX "exchange_item_inventoryItemId_key" ON "exchange_item"("inventoryItemId");
CREATE UNIQUE INDEX "inventory_item_upgradeId_key" ON "inventory_item"("upgradeId");
CREATE INDEX "inventory_item_exchangeId_idx" ON "inventory_item"("exchangeId");
CREATE UNIQUE INDEX "ledger_entry_exchangeId_key" ON "ledger_entry"("exchangeId");

ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_seedPairId_fkey" FOREIGN KEY ("seedPairId") REFERENCES "seed_pair"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_targetItemId_fkey" FOREIGN KEY ("targetItemId") REFERENCES "pack_item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "upgrade_stake" ADD CONSTRAINT "upgrade_stake_upgradeId_fkey" FOREIGN KEY ("upgradeId") REFERENCES "upgrade"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "upgrade_stake" ADD CONSTRAINT "upgrade_stake_inventoryItemId_fkey" FOREIGN KEY ("inventoryItemId") REFERENCES "inventory_item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "exchange" ADD CONSTRAINT "exchange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "exchange_item" ADD CONSTRAINT "exchange_item_exchangeId_fkey" FOREIGN KEY ("exchangeId") REFERENCES "exchange"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "exchange_item" ADD CONSTRAINT "exchange_item_inventoryItemId_fkey" FOREIGN KEY ("inventoryItemId") REFERENCES "inventory_item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "inventory_item" ADD CONSTRAINT "inventory_item_upgradeId_fkey" FOREIGN KEY ("upgradeId") REFERENCES "upgrade"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "inventory_item" ADD CONSTRAINT "inventory_item_exchangeId_fkey" FOREIGN KEY ("exchangeId") REFERENCES "exchange"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_exchangeId_fkey" FOREIGN KEY ("exchangeId") REFERENCES "exchange"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An item comes from exactly one of: an opening, a battle's draw, an upgrade won, an exchange.
ALTER TABLE "inventory_item" DROP CONSTRAINT "inventory_item_origin_check";
ALTER TABLE "inventory_item" ADD CONSTRAINT "inventory_item_origin_check" CHECK (
  ("spinId" IS NOT NULL AND "battleId" IS NULL AND "battleRound" IS NULL AND "battleSeat" IS NULL AND "upgradeId" IS NULL AND "exchangeId" IS NULL)
  OR ("spinId" IS NULL AND "battleId" IS NOT NULL AND "battleRound" IS NOT NULL AND "battleSeat" IS NOT NULL AND "upgradeId" IS NULL AND "exchangeId" IS NULL)
  OR ("spinId" IS NULL AND "battleId" IS NULL AND "battleRound" IS NULL AND "battleSeat" IS NULL AND "upgradeId" IS NOT NULL AND "exchangeId" IS NULL)
  OR ("spinId" IS NULL AND "battleId" IS NULL AND "battleRound" IS NULL AND "battleSeat" IS NULL AND "upgradeId" IS NULL AND "exchangeId" IS NOT NULL));

-- An EXCHANGE entry pays an exchange's remainder, a credit; no other entry names an exchange.
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_exchange_check" CHECK (
  ("kind"::text = 'EXCHANGE') = ("exchangeId" IS NOT NULL) AND ("kind"::text <> 'EXCHANGE' OR "amount" > 0));

-- paid_play gains p_wager (the wager its rule weighs, when it is not the amount paid): dropped and
-- created again, as one file holds one function of its name (no overload). open_pack and
-- battle_entry_debit call it by its first five arguments, unchanged.
DROP FUNCTION "paid_play"(TEXT, NUMERIC, "LedgerKind", TEXT, JSONB);

-- prisma/functions/paid_play.sql
CREATE OR REPLACE FUNCTION public.paid_play(p_user text, p_amount numeric, p_kind "LedgerKind", p_ledger_entry text, p_reference jsonb, p_wager numeric DEFAULT NULL::numeric)
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
-- writes its spin after this.
-- p_wager, when given, is the wager the rule weighs instead of p_amount: an upgrade stakes items,
-- not money, so it pays 0 (no ledger entry: its own row is its spending entry, counted by
-- spending_entries) and wagers the stake's value, under the same lock and the same checks.
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
  RETURN v_balance;
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
  UNION ALL
  -- An upgrade wagers its stake's value and loses the stake less what it won.
  SELECT u."createdAt", CASE p_kind WHEN 'wager' THEN u."stakeValue" ELSE u."stakeValue" - CASE WHEN u."won" THEN u."targetValue" ELSE 0 END END
  FROM upgrade u
  WHERE p_kind IN ('wager', 'loss') AND u."userId" = p_user AND u."createdAt" > p_since
$function$
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

  v_balance := paid_play(p_user, 0, NULL, NULL, NULL, p_wager => p_stake_value);
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
