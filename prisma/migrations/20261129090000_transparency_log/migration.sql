-- CreateTable
CREATE TABLE "transparency_entry" (
    "seq" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "leafIndex" BIGINT,
    "leaf" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "loggedAt" TIMESTAMP(3),

    CONSTRAINT "transparency_entry_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "transparency_node" (
    "level" SMALLINT NOT NULL,
    "index" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "transparency_node_pkey" PRIMARY KEY ("level","index")
);

-- CreateTable
CREATE TABLE "transparency_log" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "treeSize" BIGINT NOT NULL DEFAULT 0,
    "rootHash" TEXT NOT NULL DEFAULT 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transparency_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transparency_head" (
    "treeSize" BIGINT NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "rootHash" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transparency_head_pkey" PRIMARY KEY ("treeSize")
);

-- CreateIndex
CREATE UNIQUE INDEX "transparency_entry_leafIndex_key" ON "transparency_entry"("leafIndex");

-- CreateIndex
CREATE UNIQUE INDEX "transparency_entry_kind_subjectId_key" ON "transparency_entry"("kind", "subjectId");

-- CreateIndex
CREATE INDEX "transparency_head_timestamp_idx" ON "transparency_head"("timestamp");

-- The appender reads the queue through this index only (rows waiting for their leaf).
CREATE INDEX "transparency_entry_queued_idx" ON "transparency_entry" ("seq") WHERE "leafIndex" IS NULL;

ALTER TABLE "transparency_entry" ADD CONSTRAINT "transparency_entry_kind" CHECK ("kind" IN ('open', 'upgrade', 'battle'));
ALTER TABLE "transparency_entry" ADD CONSTRAINT "transparency_entry_logged" CHECK (("leafIndex" IS NULL) = ("leaf" IS NULL) AND ("leafIndex" IS NULL) = ("loggedAt" IS NULL));
ALTER TABLE "transparency_log" ADD CONSTRAINT "transparency_log_one_row" CHECK ("id" = 1);
INSERT INTO "transparency_log" ("id") VALUES (1);

-- Every outcome is queued in the transaction that commits it (the outbox's shape): an opening's
-- spin, an upgrade, a battle when it settles. One small insert, no round trip of its own.
CREATE FUNCTION transparency_queue_outcome() RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO transparency_entry (kind, "subjectId") VALUES (TG_ARGV[0], NEW.id) ON CONFLICT (kind, "subjectId") DO NOTHING;
  RETURN NULL;
END;
$function$;

CREATE TRIGGER "spin_transparency" AFTER INSERT ON "spin" FOR EACH ROW EXECUTE FUNCTION transparency_queue_outcome('open');
CREATE TRIGGER "upgrade_transparency" AFTER INSERT ON "upgrade" FOR EACH ROW EXECUTE FUNCTION transparency_queue_outcome('upgrade');
CREATE TRIGGER "battle_transparency" AFTER UPDATE OF "status" ON "battle" FOR EACH ROW
  WHEN (NEW.status = 'settled' AND OLD.status IS DISTINCT FROM 'settled') EXECUTE FUNCTION transparency_queue_outcome('battle');

-- A logged leaf is never changed or removed, nor a node or a head (audit reports any row that
-- differs from its leaf all the same: a superuser can drop a trigger).
CREATE FUNCTION transparency_refuse_change() RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- The appender's one update: a queued entry given its leaf.
  IF TG_TABLE_NAME = 'transparency_entry' AND TG_OP = 'UPDATE' THEN
    IF OLD."leafIndex" IS NULL THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'the transparency log is append-only (%)', TG_TABLE_NAME USING ERRCODE = 'PP409';
END;
$function$;

CREATE TRIGGER "transparency_entry_append_only" BEFORE UPDATE OR DELETE ON "transparency_entry" FOR EACH ROW EXECUTE FUNCTION transparency_refuse_change();
CREATE TRIGGER "transparency_node_append_only" BEFORE UPDATE OR DELETE ON "transparency_node" FOR EACH ROW EXECUTE FUNCTION transparency_refuse_change();
CREATE TRIGGER "transparency_head_append_only" BEFORE UPDATE OR DELETE ON "transparency_head" FOR EACH ROW EXECUTE FUNCTION transparency_refuse_change();

-- What was committed before the log existed is queued in the order it was made.
INSERT INTO transparency_entry (kind, "subjectId", "createdAt")
SELECT kind, id, at FROM (
  SELECT 'open' AS kind, id, "createdAt" AS at FROM spin
  UNION ALL SELECT 'upgrade', id, "createdAt" FROM upgrade
  UNION ALL SELECT 'battle', id, "settledAt" FROM battle WHERE status = 'settled'
) outcomes
ORDER BY at, id;
