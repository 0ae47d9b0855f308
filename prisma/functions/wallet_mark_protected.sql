CREATE OR REPLACE FUNCTION public.wallet_mark_protected()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO wallet ("userId", "hasProtection") VALUES (NEW."userId", true)
  ON CONFLICT ("userId") DO UPDATE SET "hasProtection" = true WHERE NOT wallet."hasProtection";
  RETURN NEW;
END $function$
