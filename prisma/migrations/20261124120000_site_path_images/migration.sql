-- Pack and item images are paths on this site (the rule and its reasons: `art` in
-- packages/core/src/catalog/pack-rules.ts). Operators could save any address before the rule,
-- so rows that break it are first reset to a neutral picture of the art set, the wrapped gift
-- in the item's rarity or on the pack's theme (GOLD for a theme the art does not draw), and
-- each reset is logged in admin_log against its pack; an operator redraws the pack's art in
-- the console with one click. Then CHECK constraints hold every writer to the rule.

WITH
  reset_item AS (
    UPDATE "pack_item" AS item
    SET "image" = '/art/item/' || item."rarity"::text || '/wrapped-gift.svg'
    FROM "pack_item" AS old -- the row as it was: RETURNING gives the new one
    WHERE old."id" = item."id"
      AND NOT (old."image" ~ '^(/[A-Za-z0-9_.,-]+)+$' AND strpos(old."image", '..') = 0 AND char_length(old."image") <= 200)
    RETURNING item."packId", item."key", old."image" AS "before", item."image" AS "after"
  ),
  reset_pack AS (
    UPDATE "pack" AS pack
    SET "image" = '/art/pack/' || CASE WHEN pack."rarityTheme" IN ('BRONZE', 'SILVER', 'GOLD', 'NEON', 'DIAMOND') THEN pack."rarityTheme" ELSE 'GOLD' END || '/wrapped-gift.svg'
    FROM "pack" AS old
    WHERE old."id" = pack."id"
      AND NOT (old."image" ~ '^(/[A-Za-z0-9_.,-]+)+$' AND strpos(old."image", '..') = 0 AND char_length(old."image") <= 200)
    RETURNING pack."id", old."image" AS "before", pack."image" AS "after"
  ),
  item_changes AS (
    SELECT "packId", jsonb_object_agg("key", "before") AS "before", jsonb_object_agg("key", "after") AS "after"
    FROM reset_item
    GROUP BY "packId"
  )
INSERT INTO "admin_log" ("actor", "action", "targetType", "targetId", "before", "after")
SELECT
  'migration',
  'pack.updated',
  'pack',
  COALESCE(reset_pack."id", item_changes."packId"),
  jsonb_strip_nulls(jsonb_build_object('image', reset_pack."before", 'items', item_changes."before")),
  jsonb_strip_nulls(jsonb_build_object('image', reset_pack."after", 'items', item_changes."after"))
FROM reset_pack
FULL JOIN item_changes ON item_changes."packId" = reset_pack."id";

ALTER TABLE "pack" ADD CONSTRAINT "pack_image_site_path"
  CHECK ("image" ~ '^(/[A-Za-z0-9_.,-]+)+$' AND strpos("image", '..') = 0 AND char_length("image") <= 200);
ALTER TABLE "pack_item" ADD CONSTRAINT "pack_item_image_site_path"
  CHECK ("image" ~ '^(/[A-Za-z0-9_.,-]+)+$' AND strpos("image", '..') = 0 AND char_length("image") <= 200);
