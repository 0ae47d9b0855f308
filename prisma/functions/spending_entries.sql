CREATE OR REPLACE FUNCTION public.spending_entries(p_user text, p_kind text, p_since timestamp without time zone)
 RETURNS TABLE(at timestamp without time zone, amount numeric)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s."createdAt", CASE p_kind WHEN 'wager' THEN s."price" ELSE s."price" - s."value" END
  FROM spin s
  WHERE p_kind IN ('wager', 'loss') AND s."userId" = p_user AND s."createdAt" > p_since
  UNION ALL
  SELECT d."createdAt", d."amount" FROM ledger_entry d
  WHERE p_kind = 'deposit' AND d."userId" = p_user AND d."kind" = 'DEPOSIT' AND d."createdAt" > p_since
  UNION ALL
  SELECT p."createdAt", p."amount" FROM deposit p
  WHERE p_kind = 'deposit' AND p."userId" = p_user AND p."status" IN ('pending', 'expired') AND p."createdAt" > p_since
  UNION ALL
  -- kind compared as text: the enum's new values cannot be used in the migration adding them.
  SELECT b."createdAt", -b."amount" FROM ledger_entry b
  WHERE p_kind IN ('wager', 'loss') AND b."userId" = p_user AND b."kind"::text IN ('BATTLE_ENTRY', 'BATTLE_REFUND') AND b."createdAt" > p_since
  UNION ALL
  SELECT i."createdAt", -i."value" FROM inventory_item i
  WHERE p_kind = 'loss' AND i."userId" = p_user AND i."battleId" IS NOT NULL AND i."createdAt" > p_since
  UNION ALL
  -- An upgrade wagers its stake's value and loses the stake less what it won.
  SELECT u."createdAt", CASE p_kind WHEN 'wager' THEN u."stakeValue" ELSE u."stakeValue" - CASE WHEN u."won" THEN u."targetValue" ELSE 0 END END
  FROM upgrade u
  WHERE p_kind IN ('wager', 'loss') AND u."userId" = p_user AND u."createdAt" > p_since
$function$
