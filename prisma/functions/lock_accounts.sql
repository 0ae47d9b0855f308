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
