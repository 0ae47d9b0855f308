CREATE OR REPLACE FUNCTION public.reward_refusal(p_user text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
-- The one rule of rewards (#39): why p_user may be offered or given no reward now, as JSON (the
-- paid-play refusal's, with "reward": true), or NULL when they may. It is the paid-play rule for
-- the smallest wager, one cent: age unconfirmed, an identity check refused for good or an
-- operator's hold on play, an exclusion or a time-out in force, a loss or wager limit reached
-- (what already counts plus a cent passes it). So whatever would stop this player playing stops
-- every reward too, with the same reason; a new rule of play applies to rewards with no change
-- here. Callers ask it after the wallet's row lock, as paid_play does.
DECLARE
  v_refusal JSONB;
BEGIN
  v_refusal := paid_play_refusal(p_user, 0.01);
  IF v_refusal IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN v_refusal || '{"reward":true}'::jsonb;
END $function$
