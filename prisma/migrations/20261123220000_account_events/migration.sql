-- Account events: a transactional outbox. Each row is written in the same transaction as the
-- change it reports, so no event is lost and none invented; streams (/v1/events), the public
-- drop feed (/v1/drops) and webhooks read from here after commit.
CREATE TABLE "account_event" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_event_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "account_event_userId_id_idx" ON "account_event"("userId", "id");
CREATE INDEX "account_event_createdAt_idx" ON "account_event"("createdAt");
-- The drop feed replays the latest openings on connect.
CREATE INDEX "account_event_drops_idx" ON "account_event"("id") WHERE "type" = 'open.completed';
ALTER TABLE "account_event" ADD CONSTRAINT "account_event_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "webhook_endpoint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "eventTypes" TEXT[] NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoint_userId_idx" ON "webhook_endpoint"("userId");
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "webhook_delivery" (
    "id" BIGSERIAL NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_delivery_status" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery"("nextAttemptAt") WHERE "status" = 'pending';
CREATE INDEX "webhook_delivery_endpointId_id_idx" ON "webhook_delivery"("endpointId", "id");
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "webhook_endpoint"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "account_event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Records an event. The per-account advisory lock (held to commit) makes an account's event ids
-- increase in commit order, so a stream that has delivered id N has seen every earlier event
-- of that account and resumes after N. Callers record events last in their transaction, after
-- every row lock they take, so the lock can never be part of a cycle.
CREATE FUNCTION "record_account_event"(p_user TEXT, p_type TEXT, p_data JSONB) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  v_id BIGINT;
  v_created TIMESTAMP(3);
  v_announcement JSONB;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('account_event:' || p_user, 0));
  INSERT INTO account_event ("userId", "type", "data") VALUES (p_user, p_type, p_data) RETURNING id, "createdAt" INTO v_id, v_created;
  -- Webhook deliveries, in the same transaction: an endpoint registered for this type gets
  -- exactly one delivery of this event.
  INSERT INTO webhook_delivery ("endpointId", "eventId")
  SELECT e.id, v_id FROM webhook_endpoint e WHERE e."userId" = p_user AND e.enabled AND p_type = ANY(e."eventTypes");
  -- Live fan-out at commit (notifications arrive in commit order). The event itself rides
  -- along when it fits NOTIFY's 8000 bytes, so streams need not read it back.
  v_announcement := jsonb_build_object('id', v_id::text, 'userId', p_user, 'type', p_type, 'createdAt', to_char(v_created, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  IF octet_length(p_data::text) < 7000 THEN
    v_announcement := v_announcement || jsonb_build_object('data', p_data);
  END IF;
  PERFORM pg_notify('prizepacks_events', v_announcement::text);
  RETURN v_id;
END $$;

-- open_pack records its events: open.completed (the response) and wallet.changed. The
-- response is now always passed; the replayable copy is kept only with an Idempotency-Key.
DROP FUNCTION "open_pack"(TEXT, TEXT, NUMERIC, TEXT, INTEGER, TEXT, NUMERIC, TEXT, INTEGER, TEXT, TEXT, TEXT, TEXT, TEXT, JSONB);
CREATE FUNCTION "open_pack"(
  p_user TEXT, p_pack TEXT, p_price NUMERIC, p_pair TEXT, p_nonce INTEGER,
  p_item TEXT, p_value NUMERIC, p_odds TEXT, p_result INTEGER, p_hash TEXT,
  p_spin TEXT, p_inventory_item TEXT, p_ledger_entry TEXT,
  p_idempotency_key TEXT, p_response JSONB
) RETURNS TABLE (balance_after NUMERIC, balance_before NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  v_balance NUMERIC;
  v_response JSONB;
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

  v_response := jsonb_set(p_response, '{balanceAfter}', to_jsonb(v_balance));
  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_record SET response = v_response WHERE "userId" = p_user AND key = p_idempotency_key;
  END IF;
  PERFORM record_account_event(p_user, 'open.completed', v_response);
  PERFORM record_account_event(p_user, 'wallet.changed',
    jsonb_build_object('balance', v_balance, 'balanceString', to_char(v_balance, 'FM999999999990.00'), 'amount', to_char(-p_price, 'FM999999999990.00'), 'reason', 'PACK_OPEN', 'spinId', p_spin));
  RETURN QUERY SELECT v_balance, v_balance + p_price;
END $$;
