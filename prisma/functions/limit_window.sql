CREATE OR REPLACE FUNCTION public.limit_window(p_period text)
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE p_period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' WHEN 'month' THEN interval '30 days' END
$function$
