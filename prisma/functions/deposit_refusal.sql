CREATE OR REPLACE FUNCTION public.deposit_refusal(p_user text, p_amount numeric)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  -- Why p_user may not deposit p_amount now, or NULL: the deposit rule of every channel (an
  -- invoice, a demo deposit), asked after the wallet's row lock. Exclusions and deposit limits
  -- first, then the identity check (verification_refusal).
  SELECT coalesce(player_protection_refusal(p_user, 'deposit', p_amount), verification_refusal(p_user, 'deposit', p_amount))
$function$
