-- The player-protection event log (issue 19): what happened to each account's limits and
-- exclusions, for the operator console's Safer play list and the account page. Append-only.
--   limit_reached            an opening or deposit refused with LIMIT_REACHED (the refusal rolls
--                            back its own transaction, so this is written after it, apart)
--   limit_raise_requested    a raise waiting for its cooling-off (amount: the limit asked for)
--   limit_removal_requested  a removal waiting likewise (amount NULL)
--   exclusion_set            a time-out or self-exclusion taken (actor: who asked)
--   exclusion_refused        an attempt to end or shorten one early (detail.attempt)
--   resume_requested         the player asked to play again after a self-exclusion ended
CREATE TABLE "protection_event" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "limitKind" TEXT,
    "limitPeriod" TEXT,
    "amount" DECIMAL(14,2),
    "exclusionPeriod" TEXT,
    "actor" TEXT NOT NULL,
    "detail" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "protection_event_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "protection_event_kind_check" CHECK ("kind" IN ('limit_reached', 'limit_raise_requested', 'limit_removal_requested',
      'exclusion_set', 'exclusion_refused', 'resume_requested')),
    CONSTRAINT "protection_event_limit_check" CHECK (
      ("kind" LIKE 'limit\_%') = ("limitKind" IS NOT NULL AND "limitPeriod" IS NOT NULL))
);
ALTER TABLE "protection_event" ADD CONSTRAINT "protection_event_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "protection_event_userId_createdAt_idx" ON "protection_event"("userId", "createdAt");
CREATE INDEX "protection_event_createdAt_idx" ON "protection_event"("createdAt");

-- A player who keeps pressing against a limit is one event an hour per limit, not one per
-- click or bot request: the insert is ON CONFLICT DO NOTHING against this index, so
-- concurrent refusals cannot write two either.
CREATE UNIQUE INDEX "protection_event_limit_reached_hourly_key" ON "protection_event"
  ("userId", "limitKind", "limitPeriod", date_trunc('hour', "createdAt")) WHERE "kind" = 'limit_reached';

-- Like the admin log: what happened cannot be edited or erased afterwards.
CREATE FUNCTION "protection_event_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'protection_event is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $$;
CREATE TRIGGER "protection_event_append_only" BEFORE UPDATE OR DELETE ON "protection_event" FOR EACH ROW EXECUTE FUNCTION "protection_event_refuse_change"();
CREATE TRIGGER "protection_event_no_truncate" BEFORE TRUNCATE ON "protection_event" FOR EACH STATEMENT EXECUTE FUNCTION "protection_event_refuse_change"();
