CREATE OR REPLACE FUNCTION public.prizepacks_notify_user()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'user', 'userId', OLD."id")::text);
  RETURN NULL;
END $function$
