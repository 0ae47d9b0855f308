CREATE OR REPLACE FUNCTION public.verification_change_record()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
-- Every status an identity check takes, kept for good (the regulator's trail, #37): the row as
-- the provider's event left it, dated by that event (statusAt). account_verification holds only
-- the latest; account events are kept 7 days.
BEGIN
  INSERT INTO verification_change ("userId", provider, "applicantId", status, "reviewAnswer", "rejectType", "rejectLabels",
    "moderationComment", "clientComment", "statusAt")
  VALUES (NEW."userId", NEW.provider, NEW."applicantId", NEW.status, NEW."reviewAnswer", NEW."rejectType", NEW."rejectLabels",
    NEW."moderationComment", NEW."clientComment", NEW."statusAt");
  RETURN NEW;
END $function$
