CREATE OR REPLACE FUNCTION public.protection_event_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'protection_event is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $function$
