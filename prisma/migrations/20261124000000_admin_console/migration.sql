-- The operator console: an append-only admin log, the publishable expected-return range,
-- archived packs, and a daily rollup for reports.

-- DropIndex
DROP INDEX "spin_packId_idx";

-- AlterTable
ALTER TABLE "pack" ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "admin_log" (
    "id" BIGSERIAL NOT NULL,
    "actorId" TEXT,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "rtpMinPercent" DECIMAL(5,2) NOT NULL DEFAULT 80,
    "rtpMaxPercent" DECIMAL(5,2) NOT NULL DEFAULT 98,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pack_day_stats" (
    "packId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "openings" BIGINT NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "valueWon" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "expectedValue" DECIMAL(20,5) NOT NULL DEFAULT 0,
    "itemsSold" BIGINT NOT NULL DEFAULT 0,
    "soldValue" DECIMAL(18,2) NOT NULL DEFAULT 0,

    CONSTRAINT "pack_day_stats_pkey" PRIMARY KEY ("packId","day")
);

-- CreateTable
CREATE TABLE "report_rollup" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "rolledUpTo" TIMESTAMP(3) NOT NULL DEFAULT '1970-01-01 00:00:00'::timestamp,

    CONSTRAINT "report_rollup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_log_createdAt_idx" ON "admin_log"("createdAt");

-- CreateIndex
CREATE INDEX "admin_log_action_id_idx" ON "admin_log"("action", "id");

-- CreateIndex
CREATE INDEX "admin_log_targetId_id_idx" ON "admin_log"("targetId", "id");

-- CreateIndex
CREATE INDEX "pack_day_stats_day_idx" ON "pack_day_stats"("day");

-- CreateIndex
CREATE INDEX "spin_packId_createdAt_idx" ON "spin"("packId", "createdAt");


-- The admin log is append-only: what an operator did cannot be edited or erased afterwards,
-- not even by SQL by hand (short of dropping the trigger, which is itself a schema change).
CREATE FUNCTION "admin_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_log is append-only (% refused)', TG_OP USING ERRCODE = 'PP403';
END $$;
CREATE TRIGGER "admin_log_append_only" BEFORE UPDATE OR DELETE ON "admin_log" FOR EACH ROW EXECUTE FUNCTION "admin_log_refuse_change"();
CREATE TRIGGER "admin_log_no_truncate" BEFORE TRUNCATE ON "admin_log" FOR EACH STATEMENT EXECUTE FUNCTION "admin_log_refuse_change"();

-- Single-row tables.
ALTER TABLE "catalog_settings" ADD CONSTRAINT "catalog_settings_one_row" CHECK ("id" = 1);
ALTER TABLE "catalog_settings" ADD CONSTRAINT "catalog_settings_rtp_range"
  CHECK ("rtpMinPercent" > 0 AND "rtpMinPercent" <= "rtpMaxPercent" AND "rtpMaxPercent" <= 100);
INSERT INTO "catalog_settings" ("id") VALUES (1);
ALTER TABLE "report_rollup" ADD CONSTRAINT "report_rollup_one_row" CHECK ("id" = 1);
INSERT INTO "report_rollup" ("id") VALUES (1);

-- An archived pack is never on sale.
ALTER TABLE "pack" ADD CONSTRAINT "pack_archived_inactive" CHECK ("archivedAt" IS NULL OR NOT "active");

-- Reports read sales by time; only ITEM_SALE rows pay for this index.
CREATE INDEX "ledger_entry_item_sale_createdAt_idx" ON "ledger_entry"("createdAt") WHERE "kind" = 'ITEM_SALE';
