CREATE OR REPLACE FUNCTION public.prizepacks_notify_api_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'key', 'hashedKey', OLD."hashedKey")::text);
  RETURN NULL;
END $function$
