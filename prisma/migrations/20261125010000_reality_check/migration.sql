-- The reality check's interval in the web app, the player's choice (issue 19): 15, 30 or 60 minutes.
ALTER TABLE "user" ADD COLUMN "realityCheckMinutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "user" ADD CONSTRAINT "user_realityCheckMinutes_check" CHECK ("realityCheckMinutes" IN (15, 30, 60));
