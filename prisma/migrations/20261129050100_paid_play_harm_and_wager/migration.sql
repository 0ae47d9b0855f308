-- paid_play as both branches of 29 November left it: the upgrades' p_wager (20261129050000_upgrades,
-- which re-created it without the harm queue) and the markers of harm's harm_pending insert
-- (20261129030000_harm_markers).
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
-- writes its spin after this. The account is queued for the markers of harm (harm_pending).
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
  -- The markers of harm look at this account soon (harm_pending, evaluated every few seconds by
  -- one instance). While it waits the row exists and this is an index probe that writes nothing.
  INSERT INTO harm_pending ("userId") VALUES (p_user) ON CONFLICT ("userId") DO NOTHING;
  RETURN v_balance;
END $function$
;
