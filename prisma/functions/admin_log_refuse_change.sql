CREATE OR REPLACE FUNCTION public.admin_log_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'admin_log is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $function$
