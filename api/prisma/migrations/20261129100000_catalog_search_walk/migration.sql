-- GET /api/loops?search=<a common word>&sortBy=recent without its cache (issue 19): such a search walks the
-- listed loops newest first and tests each row's match_text (migration 20261127080000_loop_match_text) until the
-- page is full. The walk read every row it tested from the table: about 900 rows and 900 pages for a word found in
-- one loop of 40 (1.5 ms, the costliest page of the bench's mix at 100,000 and 1,000,000 loops alike). With
-- match_text in the index the walk is an index-only scan of a few dozen pages (0.25 ms); the text averages 90
-- bytes (the lower-cased title, description and tags): 135 MB of index at 1,000,000 loops.
--
-- A B-tree entry holds at most ~2,700 bytes and a description may have 5,000 characters, so the index keeps the
-- loops whose text has at most 2,000 bytes; the others (long descriptions: few) have a small index of their own,
-- and the API walks both and merges them (catalog-query.ts, recentWalkSql). docs/decisions.md, "Issue 19 —
-- catalog without its cache".

-- CreateIndex: the search walk of sortBy=recent, texts up to 2,000 bytes (MATCH_INDEXED_BYTES).
CREATE INDEX "loops_catalog_recent_match_idx" ON "app"."loops"("created_at" DESC, "id" DESC)
    INCLUDE ("match_text")
    WHERE "status" = 'ready' AND "is_public" AND octet_length("match_text") <= 2000;

-- CreateIndex: the same walk over the longer texts, read from the table.
CREATE INDEX "loops_catalog_recent_long_match_idx" ON "app"."loops"("created_at" DESC, "id" DESC)
    WHERE "status" = 'ready' AND "is_public" AND octet_length("match_text") > 2000;
