CREATE OR REPLACE FUNCTION public.paid_play_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM "user" u WHERE u."id" = p_user AND u."ageConfirmedAt" IS NULL) THEN
    RETURN '{"code":"AGE_UNCONFIRMED"}'::jsonb;
  END IF;
  RETURN player_protection_refusal(p_user, 'open', p_amount);
END $function$
