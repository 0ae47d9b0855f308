-- The battle events (about 25 kB of JSON each, one per player) and a battle's outcome (about
-- 10 kB) are compressed as they are stored. PostgreSQL's default, pglz, spent about 0.3 ms more
-- per event than lz4, for the same size: the largest part of a battle's settlement in the
-- database (docs/performance.md, "Battles"). Only values written from now on use it.
-- A server built without lz4 (the embedded PGlite) refuses the method: it keeps pglz.
DO $$
BEGIN
  ALTER TABLE "account_event" ALTER COLUMN "data" SET COMPRESSION lz4;
  ALTER TABLE "battle" ALTER COLUMN "outcome" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not supported by this server: large JSON stays compressed with pglz';
END $$;
