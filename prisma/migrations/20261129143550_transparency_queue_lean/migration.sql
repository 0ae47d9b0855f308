-- prisma/functions/transparency_queue_outcome.sql
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
;

-- The appender's update (a queued entry given its leaf) no longer calls the refusing function for
-- every row: the trigger's WHEN clause, evaluated without PL/pgSQL, lets it through, and any change
-- to a logged entry, and every delete, is refused as before.
DROP TRIGGER "transparency_entry_append_only" ON "transparency_entry";
CREATE TRIGGER "transparency_entry_logged_unchanged" BEFORE UPDATE ON "transparency_entry" FOR EACH ROW
  WHEN (OLD."leafIndex" IS NOT NULL) EXECUTE FUNCTION transparency_refuse_change();
CREATE TRIGGER "transparency_entry_never_deleted" BEFORE DELETE ON "transparency_entry" FOR EACH ROW
  EXECUTE FUNCTION transparency_refuse_change();
