-- The age gate remembers a refusal (issue 34, item 8): a date of birth refused as under
-- MINIMUM_AGE is kept, by the sign-up's e-mail or by the account that offered it, so that a
-- different date is refused (AGE_REVIEW_REQUIRED) until an operator reviews and clears it,
-- which deletes the row. What is kept is what that needs and no more: the e-mail (trimmed and
-- lower-cased, as better-auth stores it; the operator must know whom the review is about), the
-- refused date (to tell the same date from another), when, and when another date was tried
-- (not that date).
CREATE TABLE "age_refusal" (
    "id" TEXT NOT NULL,
    "email" TEXT,
    "userId" TEXT,
    "dateOfBirth" DATE NOT NULL,
    "refusedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retriedAt" TIMESTAMP(3),

    CONSTRAINT "age_refusal_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "age_refusal_subject" CHECK ("email" IS NOT NULL OR "userId" IS NOT NULL)
);

-- CreateIndex
CREATE UNIQUE INDEX "age_refusal_email_key" ON "age_refusal"("email");

-- CreateIndex
CREATE UNIQUE INDEX "age_refusal_userId_key" ON "age_refusal"("userId");

-- AddForeignKey
ALTER TABLE "age_refusal" ADD CONSTRAINT "age_refusal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
