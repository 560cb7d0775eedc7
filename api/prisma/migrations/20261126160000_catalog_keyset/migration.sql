-- GET /api/loops without its cache (issue 19): one partial index per sort over the listed loops
-- (status ready, public), each ending in the id so that the order is total and a keyset cursor
-- (`after`) starts a page with one index descent; the filters' columns ride along (INCLUDE), so
-- a page's ids and its capped count are index-only scans whatever structured filter is set. Found
-- with scripts/bench/catalog.mjs (100,000 loops) and EXPLAIN (ANALYZE, BUFFERS): docs/decisions.md,
-- "Issue 19 — catalog without its cache".

-- AlterTable: the effective BPM and key (the creator's win over the detected ones) as stored
-- generated columns, so that plain indexes serve them and index-only scans can filter on them.
ALTER TABLE "app"."loops"
    ADD COLUMN "effective_bpm" INTEGER GENERATED ALWAYS AS (COALESCE("bpm", "detected_bpm")) STORED,
    ADD COLUMN "effective_key" TEXT GENERATED ALWAYS AS (COALESCE("key", "detected_key")) STORED;

-- Superseded by the indexes below (same leading columns, partial, with the id and the filters).
DROP INDEX IF EXISTS "app"."loops_listed_popularity_idx";
DROP INDEX IF EXISTS "app"."loops_listed_rating_idx";
DROP INDEX IF EXISTS "app"."loops_listed_price_asc_idx";
DROP INDEX IF EXISTS "app"."loops_listed_price_desc_idx";
DROP INDEX IF EXISTS "app"."loops_listed_genre_popularity_idx";
DROP INDEX IF EXISTS "app"."loops_listed_key_idx";
DROP INDEX IF EXISTS "app"."loops_listed_bpm_idx";
DROP STATISTICS IF EXISTS "app"."loops_key_stats";
DROP STATISTICS IF EXISTS "app"."loops_bpm_stats";

-- CreateIndex: sortBy=recent (and offset paging: a page's ids by an index-only scan).
CREATE INDEX "loops_catalog_recent_idx" ON "app"."loops"("created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: sortBy=popular.
CREATE INDEX "loops_catalog_popular_idx" ON "app"."loops"("popularity" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: sortBy=rating.
CREATE INDEX "loops_catalog_rating_idx" ON "app"."loops"("rating_average" DESC, "rating_count" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: sortBy=price_asc, by is_free first: `isFree=true` is one range of it, no filter the
-- merge of two (free, paid) ranges.
CREATE INDEX "loops_catalog_price_asc_idx" ON "app"."loops"("is_free", "price_cents", "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: sortBy=price_desc, likewise.
CREATE INDEX "loops_catalog_price_desc_idx" ON "app"."loops"("is_free", "price_cents" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: one or several genres (one range per genre, merged), sortBy=recent.
CREATE INDEX "loops_catalog_genre_recent_idx" ON "app"."loops"("genre_id", "created_at" DESC, "id" DESC)
    INCLUDE ("price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: genres, sortBy=popular (the home page's default sort with a genre picked).
CREATE INDEX "loops_catalog_genre_popular_idx" ON "app"."loops"("genre_id", "popularity" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: genres, sortBy=rating.
CREATE INDEX "loops_catalog_genre_rating_idx" ON "app"."loops"("genre_id", "rating_average" DESC, "rating_count" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: key=… (the capped count of a key, index-only).
CREATE INDEX "loops_catalog_key_idx" ON "app"."loops"("effective_key") WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: bpmMin/bpmMax.
CREATE INDEX "loops_catalog_bpm_idx" ON "app"."loops"("effective_bpm") WHERE "status" = 'ready' AND "is_public";
