-- A payout destination's wait after its confirmation is the service's rule
-- (PAYOUT_DESTINATION_DELAY_HOURS: 24 by default and never less outside demo mode, where the
-- browser tests set 0): the row keeps only that it is not usable before it was confirmed.

ALTER TABLE "payout_destination" DROP CONSTRAINT "payout_destination_confirmed_check";
ALTER TABLE "payout_destination" ADD CONSTRAINT "payout_destination_confirmed_check" CHECK (
    ("status" = 'confirmed') = ("confirmedAt" IS NOT NULL)
    AND ("confirmedAt" IS NULL OR "usableAt" >= "confirmedAt"));
