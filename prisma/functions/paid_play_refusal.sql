CREATE OR REPLACE FUNCTION public.paid_play_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
-- Why p_user may not play for p_amount now, as JSON, or NULL when they may: age unconfirmed
-- first (so the player hears what to do first), then player_protection_refusal as a wager. The
-- rule of every paid action: paid_play asks it under the wallet lock; battles also ask it of
-- each seat (with 0) before a battle's play starts. An identity check comes next (a refusal for
-- good, or an operator's request that holds play: verification_refusal); both mark the wallet
-- protected, so the check-free path never skips them.
DECLARE
  v_refusal JSONB;
BEGIN
  IF EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RETURN '{"code":"AGE_UNCONFIRMED"}'::jsonb;
  END IF;
  v_refusal := verification_refusal(p_user, 'open', p_amount);
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  RETURN player_protection_refusal(p_user, 'open', p_amount);
END $function$
