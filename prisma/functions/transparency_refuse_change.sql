CREATE OR REPLACE FUNCTION public.transparency_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- The appender's one update: a queued entry given its leaf.
  IF TG_TABLE_NAME = 'transparency_entry' AND TG_OP = 'UPDATE' THEN
    IF OLD."leafIndex" IS NULL THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'the transparency log is append-only (%)', TG_TABLE_NAME USING ERRCODE = 'PP409';
END;
$function$
