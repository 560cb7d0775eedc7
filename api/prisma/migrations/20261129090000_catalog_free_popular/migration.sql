-- GET /api/loops?isFree=…&sortBy=popular without its cache (issue 19): the popularity indexes of
-- 20261126160000_catalog_keyset carry is_free only as an INCLUDE column, so a page of free loops by
-- popularity walked past every paid loop more popular than the first free one: on the bench's
-- 1,000,000 loops (paid loops sell, so they lead the order) 21,600 index pages for one page of 24,
-- 4.5 ms, and 1,900 pages within one genre. With is_free leading after the genre, either value of
-- the filter is one index range whatever the data's skew. Recent, rating and the price sorts did not
-- need it (measured: 200–220 pages; the price indexes lead with is_free already). docs/decisions.md,
-- "Issue 19 — catalog without its cache".

-- CreateIndex: isFree + sortBy=popular.
CREATE INDEX "loops_catalog_free_popular_idx" ON "app"."loops"("is_free", "popularity" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "price_cents", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: genreId + isFree + sortBy=popular.
CREATE INDEX "loops_catalog_genre_free_popular_idx" ON "app"."loops"("genre_id", "is_free", "popularity" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("price_cents", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";
