CREATE OR REPLACE FUNCTION public.user_age_confirmation_to_wallet()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE wallet SET "ageUnconfirmed" = (NEW."ageConfirmedAt" IS NULL)
  WHERE "userId" = NEW."id" AND "ageUnconfirmed" IS DISTINCT FROM (NEW."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $function$
