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
