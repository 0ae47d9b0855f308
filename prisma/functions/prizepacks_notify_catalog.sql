CREATE OR REPLACE FUNCTION public.prizepacks_notify_catalog()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('prizepacks_changes', '{"kind":"catalog"}');
  RETURN NULL;
END $function$
