CREATE OR REPLACE FUNCTION public.transparency_queue_outcome()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A plain insert: each outcome is queued once (an opening's or upgrade's insert, a battle's one
  -- move to settled), and a second would be a bug that should fail its transaction.
  INSERT INTO transparency_entry (kind, "subjectId") VALUES (TG_ARGV[0], NEW.id);
  RETURN NULL;
END;
$function$
