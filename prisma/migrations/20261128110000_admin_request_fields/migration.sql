-- A console request key is tied to what it asked for: admin_request keeps the request's target
-- and fields (the input without its key), and a replay of the key with another target or other
-- fields is refused (409) instead of answering the first request's stored result. Rows claimed
-- before this have none and are compared by their action alone.

-- AlterTable
ALTER TABLE "admin_request" ADD COLUMN "request" JSONB;
