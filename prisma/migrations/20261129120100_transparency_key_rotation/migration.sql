-- AlterTable
ALTER TABLE "transparency_log" ADD COLUMN     "nextPublicKey" TEXT;

-- AlterTable
ALTER TABLE "transparency_head" ADD COLUMN     "nextKey" TEXT;

ALTER TABLE "transparency_log" ADD CONSTRAINT "transparency_log_nextPublicKey_hex" CHECK ("nextPublicKey" ~ '^[0-9a-f]{64}$');
ALTER TABLE "transparency_head" ADD CONSTRAINT "transparency_head_nextKey_hex" CHECK ("nextKey" ~ '^[0-9a-f]{64}$');
