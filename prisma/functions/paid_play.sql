CREATE OR REPLACE FUNCTION public.paid_play(p_user text, p_amount numeric, p_kind "LedgerKind", p_ledger_entry text, p_reference jsonb, p_wager numeric DEFAULT NULL::numeric, p_house_take numeric DEFAULT NULL::numeric)
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
-- Levels and rakeback (#39) accrue here, so every game counts without a copy of its own: XP is the
-- cents wagered, and p_house_take (the play's expected house take: an opening's price less its
-- pack's expected value, a battle's or an upgrade's edge) earns rakeback at the rate of the level
-- the account was at before this play (reward_level), unrounded so the sub-cent remainder carries.
-- A referred account's play earns its creator commission here too (creator codes, #39), on the
-- same house take at reward_settings' commissionBps, unrounded, on the referral's row.
DECLARE
  v_balance NUMERIC;
  v_refusal JSONB;
  v_protected BOOLEAN;
  v_age_unconfirmed BOOLEAN;
  v_xp BIGINT;
  v_xp_after BIGINT;
  v_level INTEGER;
  v_level_before INTEGER;
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
  -- One statement on the way: the account's reward row, under the wallet lock held above (every
  -- writer of account_reward holds it, so they take turns and the first play's insert cannot
  -- race). o is the row as this statement found it: the level before, whose rate this play earns.
  -- A play refused above never gets here, so nothing accrues while excluded, and what accrued
  -- before is kept. Rakeback switched off by the operator (reward_settings) stops accruing too.
  v_xp := (coalesce(p_wager, p_amount) * 100)::bigint;
  IF v_xp > 0 THEN
    UPDATE account_reward r SET
      xp = r.xp + v_xp,
      level = (SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= r.xp + v_xp),
      "rakebackAccrued" = r."rakebackAccrued" + coalesce(p_house_take, 0)
        * coalesce((SELECT l."rakebackBps" FROM reward_level l WHERE l.level = r.level), 0) / 10000
        * CASE WHEN coalesce((SELECT s."rakebackEnabled" FROM reward_settings s WHERE s.id = 1), true) THEN 1 ELSE 0 END,
      "updatedAt" = now()
    FROM (SELECT a.level FROM account_reward a WHERE a."userId" = p_user) o
    WHERE r."userId" = p_user
    RETURNING o.level, r.level, r.xp INTO v_level_before, v_level, v_xp_after;
    IF NOT FOUND THEN
      -- Level 0 earns no rakeback (the default table; an operator may give it a rate next time).
      INSERT INTO account_reward ("userId", xp, level)
      VALUES (p_user, v_xp, coalesce((SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= v_xp), 0))
      RETURNING 0, level, xp INTO v_level_before, v_level, v_xp_after;
    END IF;
    -- Commission: one key lookup (the referral is keyed by the referred account, whose wallet
    -- lock is held, so its row is never contended), found only while the creator's window runs
    -- (commissionEndsAt: 90 days from the referral by default, cut short when the operator
    -- disables the code). A safeguard on the creator does not stop it (they are not the one
    -- playing: their claims are refused instead, and what accrued is kept); one on this player
    -- refused the play above, so nothing accrues. Off while the operator has affiliates off.
    UPDATE referral f SET
      "commissionAccrued" = f."commissionAccrued" + greatest(coalesce(p_house_take, 0), 0)
        * coalesce((SELECT s."commissionBps" * CASE WHEN s."affiliateEnabled" THEN 1 ELSE 0 END
                    FROM reward_settings s WHERE s.id = 1), 1000) / 10000,
      "lastPlayedAt" = now() AT TIME ZONE 'UTC'
    WHERE f."userId" = p_user AND f."commissionEndsAt" > now() AT TIME ZONE 'UTC';
    IF v_level > v_level_before THEN
      PERFORM record_account_event(p_user, 'level.reached',
        jsonb_build_object('level', v_level, 'previousLevel', v_level_before, 'xp', v_xp_after));
    END IF;
  END IF;
  -- The markers of harm look at this account soon (harm_pending, evaluated every few seconds by
  -- one instance). While it waits the row exists and this is an index probe that writes nothing.
  INSERT INTO harm_pending ("userId") VALUES (p_user) ON CONFLICT ("userId") DO NOTHING;
  RETURN v_balance;
END $function$
