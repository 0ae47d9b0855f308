CREATE OR REPLACE FUNCTION public.wallet_age_unconfirmed_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW."ageUnconfirmed" := EXISTS (SELECT 1 FROM "user" u WHERE u."id" = NEW."userId" AND u."ageConfirmedAt" IS NULL);
  RETURN NEW;
END $function$
