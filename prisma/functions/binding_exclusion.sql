CREATE OR REPLACE FUNCTION public.binding_exclusion(p_user text)
 RETURNS SETOF player_exclusion
 LANGUAGE sql
 STABLE
AS $function$
  SELECT e.* FROM player_exclusion e
  WHERE e."userId" = p_user AND e."startsAt" <= now()
    AND (e."endsAt" IS NULL OR e."endsAt" > now()
         OR (e."kind" = 'self_exclusion' AND (e."resumeRequestedAt" IS NULL OR e."resumeRequestedAt" + interval '24 hours' > now())))
  ORDER BY e."endsAt" DESC NULLS FIRST
  LIMIT 1
$function$
