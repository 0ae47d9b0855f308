-- The markers of harm look at an account that keeps playing at most once a minute (#41: with
-- many accounts playing, re-evaluating each every few seconds took the database's cores). A play
-- queues its account as before (paid_play, unchanged: an index probe that writes nothing while
-- the account waits); the job claims it once its last evaluation is a minute old. Money moving
-- (a deposit, a withdrawal, a limit change) marks the row urgent: evaluated on the next pass.
ALTER TABLE "harm_pending" ADD COLUMN "urgent" BOOLEAN NOT NULL DEFAULT false;

-- When each account was last evaluated.
CREATE TABLE "harm_evaluated" (
    "userId" TEXT NOT NULL,
    "evaluatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "harm_evaluated_pkey" PRIMARY KEY ("userId")
);

ALTER TABLE "harm_evaluated" ADD CONSTRAINT "harm_evaluated_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
