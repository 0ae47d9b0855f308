-- CreateTable
CREATE TABLE "pack_stats" (
    "packId" TEXT NOT NULL,
    "spinCount" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pack_stats_pkey" PRIMARY KEY ("packId")
);

-- CreateTable
CREATE TABLE "spin_tally" (
    "id" BIGSERIAL NOT NULL,
    "packId" TEXT NOT NULL,

    CONSTRAINT "spin_tally_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "pack_stats" ADD CONSTRAINT "pack_stats_packId_fkey" FOREIGN KEY ("packId") REFERENCES "pack"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Counts so far (the rollup keeps them from here on).
INSERT INTO "pack_stats" ("packId", "spinCount")
SELECT p."id", COUNT(s."id") FROM "pack" p LEFT JOIN "spin" s ON s."packId" = p."id" GROUP BY p."id";

-- Change notifications: every instance keeps packs, keys and accounts in memory and drops
-- what a committed change touched (NOTIFY is delivered at commit). Triggers, so that no
-- writer (another instance, the admin CLI, SQL by hand) can forget to tell.
CREATE FUNCTION "prizepacks_notify_catalog"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prizepacks_changes', '{"kind":"catalog"}');
  RETURN NULL;
END $$;

CREATE TRIGGER "pack_changed" AFTER INSERT OR UPDATE OR DELETE ON "pack" FOR EACH STATEMENT EXECUTE FUNCTION "prizepacks_notify_catalog"();
CREATE TRIGGER "pack_item_changed" AFTER INSERT OR UPDATE OR DELETE ON "pack_item" FOR EACH STATEMENT EXECUTE FUNCTION "prizepacks_notify_catalog"();
CREATE TRIGGER "odds_version_changed" AFTER INSERT OR UPDATE OR DELETE ON "odds_version" FOR EACH STATEMENT EXECUTE FUNCTION "prizepacks_notify_catalog"();

CREATE FUNCTION "prizepacks_notify_api_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'key', 'hashedKey', OLD."hashedKey")::text);
  RETURN NULL;
END $$;

-- Only what decides whether a key may act; lastUsedAt updates stay silent.
CREATE TRIGGER "api_key_changed" AFTER UPDATE ON "api_key" FOR EACH ROW
  WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."userId" IS DISTINCT FROM NEW."userId")
  EXECUTE FUNCTION "prizepacks_notify_api_key"();
CREATE TRIGGER "api_key_deleted" AFTER DELETE ON "api_key" FOR EACH ROW EXECUTE FUNCTION "prizepacks_notify_api_key"();

CREATE FUNCTION "prizepacks_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prizepacks_changes', json_build_object('kind', 'user', 'userId', OLD."id")::text);
  RETURN NULL;
END $$;

CREATE TRIGGER "user_standing_changed" AFTER UPDATE ON "user" FOR EACH ROW
  WHEN (OLD."banned" IS DISTINCT FROM NEW."banned" OR OLD."banExpires" IS DISTINCT FROM NEW."banExpires"
     OR OLD."deletedAt" IS DISTINCT FROM NEW."deletedAt" OR OLD."emailVerified" IS DISTINCT FROM NEW."emailVerified"
     OR OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION "prizepacks_notify_user"();
CREATE TRIGGER "user_deleted" AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "prizepacks_notify_user"();
