-- Pack battles (issue 22, battle/v1 in the README). A battle fixes its spec (layout, rules,
-- rounds with their odds versions, the commitment to its server seed, the beacon chain) at
-- creation; seats are taken with an entry debit; the last seat locks it (K, beacon round R);
-- it settles in one transaction once round R's verified randomness is there.
ALTER TYPE "LedgerKind" ADD VALUE 'BATTLE_ENTRY';
ALTER TYPE "LedgerKind" ADD VALUE 'BATTLE_REFUND';

CREATE TABLE "battle" (
    "id" TEXT NOT NULL,
    "creatorId" TEXT NOT NULL,
    "layout" TEXT NOT NULL,
    "winRule" TEXT NOT NULL,
    "terminal" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    -- What one seat pays: the sum of the rounds' pack prices at creation.
    "entry" DECIMAL(14,2) NOT NULL,
    -- Secret until settled; the API shows it only then.
    "serverSeed" TEXT NOT NULL,
    "commitment" TEXT NOT NULL,
    -- The canonical (RFC 8785) spec string and its SHA-256, as published.
    "spec" TEXT NOT NULL,
    "specHash" TEXT NOT NULL,
    "beaconKind" TEXT NOT NULL,
    "lockKey" TEXT,
    "beaconRound" INTEGER,
    "beaconRandomness" TEXT,
    "beaconSignature" TEXT,
    "winnerTeam" INTEGER,
    -- playBattle's outcome (draws, totals, payouts) as settled.
    "outcome" JSONB,
    -- Entries kept less the value of the items given to players (a house-bot team's winnings stay here).
    "houseShare" DECIMAL(14,2),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    CONSTRAINT "battle_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "battle_layout_check" CHECK ("layout" IN ('1v1', '1v1v1', '1v1v1v1', '2v2', '3v3')),
    CONSTRAINT "battle_win_rule_check" CHECK ("winRule" IN ('highest', 'lowest')),
    CONSTRAINT "battle_beacon_kind_check" CHECK ("beaconKind" IN ('drand', 'local')),
    CONSTRAINT "battle_entry_check" CHECK ("entry" > 0),
    CONSTRAINT "battle_status_check" CHECK (
      ("status" = 'open' AND "lockedAt" IS NULL AND "settledAt" IS NULL AND "cancelledAt" IS NULL)
      OR ("status" = 'cancelled' AND "lockedAt" IS NULL AND "cancelledAt" IS NOT NULL)
      OR ("status" = 'locked' AND "lockedAt" IS NOT NULL AND "lockKey" IS NOT NULL AND "beaconRound" IS NOT NULL AND "settledAt" IS NULL)
      OR ("status" = 'settled' AND "lockedAt" IS NOT NULL AND "settledAt" IS NOT NULL AND "beaconRandomness" IS NOT NULL
          AND "beaconSignature" IS NOT NULL AND "outcome" IS NOT NULL AND "winnerTeam" IS NOT NULL AND "houseShare" IS NOT NULL))
);
ALTER TABLE "battle" ADD CONSTRAINT "battle_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "battle_status_createdAt_idx" ON "battle"("status", "createdAt");
-- The settler's queue: locked battles by their beacon round.
CREATE INDEX "battle_locked_idx" ON "battle"("beaconRound") WHERE "status" = 'locked';

CREATE TABLE "battle_round" (
    "battleId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "packId" TEXT NOT NULL,
    "oddsVersionId" TEXT NOT NULL,
    "price" DECIMAL(14,2) NOT NULL,
    -- The odds version's ranges with each item's value, fixed at creation: the values the battle
    -- counts and the proof publishes, whatever the catalogue changes later.
    "odds" JSONB NOT NULL,
    CONSTRAINT "battle_round_pkey" PRIMARY KEY ("battleId", "round"),
    CONSTRAINT "battle_round_round_check" CHECK ("round" BETWEEN 1 AND 25)
);
ALTER TABLE "battle_round" ADD CONSTRAINT "battle_round_battleId_fkey" FOREIGN KEY ("battleId") REFERENCES "battle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "battle_round" ADD CONSTRAINT "battle_round_packId_fkey" FOREIGN KEY ("packId") REFERENCES "pack"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "battle_round" ADD CONSTRAINT "battle_round_oddsVersionId_fkey" FOREIGN KEY ("oddsVersionId") REFERENCES "odds_version"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A taken seat: a player's (userId) or a house bot's (userId NULL, clientSeed bot-<seat>).
-- A player leaving before lock deletes the row; the refund entry names the battle.
CREATE TABLE "battle_seat" (
    "battleId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT,
    "clientSeed" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "battle_seat_pkey" PRIMARY KEY ("battleId", "seat"),
    CONSTRAINT "battle_seat_seat_check" CHECK ("seat" BETWEEN 0 AND 5),
    CONSTRAINT "battle_seat_client_seed_check" CHECK ("clientSeed" ~ '^[A-Za-z0-9_-]{1,64}$'),
    CONSTRAINT "battle_seat_bot_seed_check" CHECK ("userId" IS NOT NULL OR "clientSeed" = 'bot-' || "seat")
);
ALTER TABLE "battle_seat" ADD CONSTRAINT "battle_seat_battleId_fkey" FOREIGN KEY ("battleId") REFERENCES "battle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "battle_seat" ADD CONSTRAINT "battle_seat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- One seat per player per battle.
CREATE UNIQUE INDEX "battle_seat_battleId_userId_key" ON "battle_seat"("battleId", "userId");
CREATE INDEX "battle_seat_userId_idx" ON "battle_seat"("userId");

-- BATTLE_ENTRY and BATTLE_REFUND entries name their battle.
ALTER TABLE "ledger_entry" ADD COLUMN "battleId" TEXT;
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_battleId_fkey" FOREIGN KEY ("battleId") REFERENCES "battle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "ledger_entry_battleId_idx" ON "ledger_entry"("battleId");

-- An inventory item comes from an opening (spinId) or a battle's draw (battleId, round, seat).
ALTER TABLE "inventory_item" ALTER COLUMN "spinId" DROP NOT NULL;
ALTER TABLE "inventory_item" ADD COLUMN "battleId" TEXT;
ALTER TABLE "inventory_item" ADD COLUMN "battleRound" INTEGER;
ALTER TABLE "inventory_item" ADD COLUMN "battleSeat" INTEGER;
ALTER TABLE "inventory_item" ADD CONSTRAINT "inventory_item_battleId_fkey" FOREIGN KEY ("battleId") REFERENCES "battle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "inventory_item" ADD CONSTRAINT "inventory_item_origin_check" CHECK (
  ("spinId" IS NOT NULL AND "battleId" IS NULL AND "battleRound" IS NULL AND "battleSeat" IS NULL)
  OR ("spinId" IS NULL AND "battleId" IS NOT NULL AND "battleRound" IS NOT NULL AND "battleSeat" IS NOT NULL));
CREATE UNIQUE INDEX "inventory_item_battle_draw_key" ON "inventory_item"("battleId", "battleRound", "battleSeat");

-- Battle entries are wagers, and losses less what the battle gave back: wager and loss limits
-- count them (entries less refunds; for the loss, less the value of battle items won).
CREATE OR REPLACE FUNCTION "spending_entries"(p_user TEXT, p_kind TEXT, p_since TIMESTAMP(3))
RETURNS TABLE (at TIMESTAMP(3), amount NUMERIC) LANGUAGE sql STABLE AS $$
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
$$;

-- A battle seat's entry: the conditional debit and its ledger entry, refusing under the wallet
-- lock exactly as open_pack does (age unconfirmed, then player_protection_refusal as a wager of
-- p_amount; SQLSTATE PP403, the refusal as DETAIL). Returns the balance after, or NULL (and
-- debits nothing) when the balance is short. Run inside the seat's transaction.
CREATE FUNCTION "battle_entry_debit"(p_user TEXT, p_amount NUMERIC, p_battle TEXT, p_ledger_entry TEXT)
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
  IF (v_age_unconfirmed OR v_balance IS NULL)
     AND EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RAISE EXCEPTION 'player protection: AGE_UNCONFIRMED' USING ERRCODE = 'PP403', DETAIL = '{"code":"AGE_UNCONFIRMED"}';
  END IF;
  IF v_protected OR v_balance IS NULL THEN
    v_refusal := player_protection_refusal(p_user, 'open', p_amount);
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

-- A seat's entry given back (cancel, or the player leaving before lock).
CREATE FUNCTION "battle_entry_refund"(p_user TEXT, p_amount NUMERIC, p_battle TEXT, p_ledger_entry TEXT)
RETURNS NUMERIC LANGUAGE plpgsql AS $$
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
END $$;
