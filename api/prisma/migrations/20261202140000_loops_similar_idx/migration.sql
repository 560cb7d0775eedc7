-- Similar loops (issue 36, GET /api/loops/:id/similar): the same genre, a key among the loop's own
-- spellings and its relative key's, a BPM near the loop's. One short index-only range per key.
CREATE INDEX "loops_similar_idx" ON "app"."loops" ("genre_id", "effective_key", "effective_bpm")
    INCLUDE ("popularity", "created_at") WHERE "status" = 'ready' AND "is_public";
