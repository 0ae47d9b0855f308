CREATE OR REPLACE FUNCTION public.player_protection_refusal(p_user text, p_action text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_exclusion RECORD;
  v_limit RECORD;
  v_window INTERVAL;
  v_used NUMERIC;
  v_resets TIMESTAMP(3);
  v_latest TIMESTAMP(3);
  v_refusal JSONB;
BEGIN
  SELECT e."kind", e."period", e."endsAt", e."resumeRequestedAt" INTO v_exclusion FROM binding_exclusion(p_user) e;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'code', 'EXCLUDED', 'kind', v_exclusion."kind", 'period', v_exclusion."period",
      'endsAt', to_char(v_exclusion."endsAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'resumesAt', to_char(v_exclusion."resumeRequestedAt" + interval '24 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  END IF;

  FOR v_limit IN
    SELECT l."kind", l."period", l."amount" FROM spending_limit l
    WHERE l."userId" = p_user AND (l."kind" = 'deposit') = (p_action = 'deposit')
  LOOP
    v_window := limit_window(v_limit."period");
    SELECT coalesce(sum(e.amount), 0) INTO v_used
    FROM spending_entries(p_user, v_limit."kind", (now() - v_window)::TIMESTAMP(3)) e;
    CONTINUE WHEN v_used + p_amount <= v_limit."amount";
    -- Refused: when would it pass? (Only now, so an allowed request pays no window function.)
    WITH sums AS (
      -- RANGE frame (the default): entries of the same instant leave together.
      SELECT e.at, sum(e.amount) OVER (ORDER BY e.at) AS running, sum(e.amount) OVER () AS total
      FROM spending_entries(p_user, v_limit."kind", (now() - v_window)::TIMESTAMP(3)) e
    )
    SELECT min(at + v_window) FILTER (WHERE total - running + p_amount <= v_limit."amount") INTO v_resets FROM sums;
    -- Several refuse: the request passes once all do, so report the one that frees last
    -- (never, NULL, beats any moment).
    IF v_refusal IS NULL OR (v_latest IS NOT NULL AND (v_resets IS NULL OR v_resets > v_latest)) THEN
      v_latest := v_resets;
      v_refusal := jsonb_build_object(
        'code', 'LIMIT_REACHED', 'kind', v_limit."kind", 'period', v_limit."period",
        'limit', to_char(v_limit."amount", 'FM999999999990.00'), 'used', to_char(v_used, 'FM999999999990.00'),
        'requested', to_char(p_amount, 'FM999999999990.00'),
        'resetsAt', to_char(v_resets, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
    END IF;
  END LOOP;
  RETURN v_refusal;
END $function$
