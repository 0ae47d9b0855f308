-- Every status an identity check takes, kept for good (#37): the regulator's monthly report reads it.
-- CreateTable
CREATE TABLE "verification_change" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "applicantId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reviewAnswer" TEXT,
    "rejectType" TEXT,
    "rejectLabels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "moderationComment" TEXT,
    "clientComment" TEXT,
    "statusAt" TIMESTAMP(3) NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_change_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "verification_change_statusAt_idx" ON "verification_change"("statusAt");

-- CreateIndex
CREATE INDEX "verification_change_userId_id_idx" ON "verification_change"("userId", "id");

-- AddForeignKey
ALTER TABLE "verification_change" ADD CONSTRAINT "verification_change_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- prisma/functions/verification_change_record.sql
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
;

CREATE TRIGGER "account_verification_records_change" AFTER INSERT OR UPDATE OF "status", "reviewAnswer", "rejectType", "rejectLabels", "statusAt"
  ON "account_verification" FOR EACH ROW EXECUTE FUNCTION "verification_change_record"();

-- The checks made before this: their latest status is all there is of them.
INSERT INTO verification_change ("userId", provider, "applicantId", status, "reviewAnswer", "rejectType", "rejectLabels",
  "moderationComment", "clientComment", "statusAt")
SELECT "userId", provider, "applicantId", status, "reviewAnswer", "rejectType", "rejectLabels", "moderationComment", "clientComment", "statusAt"
FROM account_verification;
