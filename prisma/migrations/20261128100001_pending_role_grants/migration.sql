-- Four eyes on who is an admin, and on stale raises (issue 34, review of item 1).
-- A console grant of the admin role waits in pending_setting_change like a raise of a money
-- setting (setting 'account_role', the account in "targetId", no amounts), so one table and one
-- decision serve both; a pending row can also end 'superseded' when another change to the same
-- setting (or the same account's role) takes effect first.

ALTER TABLE "pending_setting_change" ADD COLUMN "targetId" TEXT;
ALTER TABLE "pending_setting_change" ALTER COLUMN "value" DROP NOT NULL, ALTER COLUMN "before" DROP NOT NULL;

ALTER TABLE "pending_setting_change" DROP CONSTRAINT "pending_setting_change_status_known";
ALTER TABLE "pending_setting_change" ADD CONSTRAINT "pending_setting_change_status_known" CHECK ("status" IN ('pending', 'approved', 'rejected', 'superseded'));
-- A role grant names its account; a money setting carries its amounts.
ALTER TABLE "pending_setting_change" ADD CONSTRAINT "pending_setting_change_shape" CHECK (
  CASE WHEN "setting" = 'account_role' THEN "targetId" IS NOT NULL
       ELSE "value" IS NOT NULL AND "before" IS NOT NULL END);
