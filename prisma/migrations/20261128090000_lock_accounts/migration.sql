-- Locks accounts for a transaction that goes on to move money (p_wallets) and record events
-- (p_events) for several of them (a battle's join or cancellation): first the wallet rows, then
-- the event locks (record_account_event's, held to commit), each kind in the order given. Every other
-- path takes one account's wallet and then its event lock (open_pack, a battle's entry debit or
-- refund, a sale), and a settlement takes event locks only, in the same order (the caller sorts:
-- packages/core/src/battles/battle-view.ts). So no two of them wait on each other in a cycle.
-- The event lock's key must be record_account_event's (20261128000000_events_announced_after_commit);
-- battles.db.test.ts fails if it is not.
CREATE FUNCTION "lock_accounts"(p_wallets TEXT[], p_events TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_user TEXT;
BEGIN
  FOREACH v_user IN ARRAY p_wallets LOOP
    PERFORM 1 FROM wallet WHERE "userId" = v_user FOR UPDATE;
  END LOOP;
  FOREACH v_user IN ARRAY p_events LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('account_event:' || v_user, 0));
  END LOOP;
END $$;
