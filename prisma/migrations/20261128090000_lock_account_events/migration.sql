-- Takes the event locks of several accounts, in the order given, for a transaction that goes on
-- to record events for all of them (a battle's players). record_account_event takes an
-- account's lock as it records; a join or a cancellation also records wallet.changed for one
-- player first (the entry's debit or refund). Taken up front in one order (the caller sorts:
-- packages/core/src/battles/battle-view.ts), two such transactions sharing players never wait
-- on each other in a cycle. The key must be record_account_event's
-- (20261128000000_events_announced_after_commit); battles.db.test.ts fails if it is not.
CREATE FUNCTION "lock_account_events"(p_users TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_user TEXT;
BEGIN
  FOREACH v_user IN ARRAY p_users LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('account_event:' || v_user, 0));
  END LOOP;
END $$;
