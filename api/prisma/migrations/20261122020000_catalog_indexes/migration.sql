-- Catalog indexes found with scripts/bench/catalog.mjs (100,000 loops) and EXPLAIN ANALYZE: each
-- serves a GET /api/loops filter or sort over the listed loops (status ready, public) without
-- reading and sorting every matching row, and lets the count of a duration band be index-only.

-- CreateIndex: sortBy=price_asc (free loops first, then cheapest; newest first within a price).
CREATE INDEX "loops_listed_price_asc_idx" ON "app"."loops"("status", "is_public", "price_cents", "created_at" DESC);

-- CreateIndex: sortBy=price_desc.
CREATE INDEX "loops_listed_price_desc_idx" ON "app"."loops"("status", "is_public", "price_cents" DESC, "created_at" DESC);

-- CreateIndex: duration=short|medium|long (page and index-only count).
CREATE INDEX "loops_listed_duration_idx" ON "app"."loops"("status", "is_public", "duration_ms");

-- CreateIndex: a genre sorted by popularity (the home page's default sort with a genre picked).
CREATE INDEX "loops_listed_genre_popularity_idx" ON "app"."loops"("status", "is_public", "genre_id", "popularity" DESC, "created_at" DESC);
