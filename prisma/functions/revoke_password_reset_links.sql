CREATE OR REPLACE FUNCTION public.revoke_password_reset_links()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "verification" WHERE "value" = NEW."userId" AND "identifier" LIKE 'reset-password:%';
  RETURN NULL;
END $function$
