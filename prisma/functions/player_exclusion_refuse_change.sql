CREATE OR REPLACE FUNCTION public.player_exclusion_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."resumeRequestedAt" IS NOT NULL
     OR (NEW."userId", NEW."kind", NEW."period", NEW."startsAt", NEW."endsAt", NEW."setById", NEW."setBy")
        IS DISTINCT FROM (OLD."userId", OLD."kind", OLD."period", OLD."startsAt", OLD."endsAt", OLD."setById", OLD."setBy") THEN
    RAISE EXCEPTION 'an exclusion cannot be shortened or lifted' USING ERRCODE = 'PP403';
  END IF;
  RETURN NEW;
END $function$
