-- Maintained catalog counts (issue 19, docs/decisions.md "Issue 19 — maintained counts, the hot
-- routes, no ETag on the API"): GET /api/loops counted its matches on every request (an index-only
-- scan of up to 1,000 entries, a third of the statement's time). Two tables keep them instead:
-- - catalog_counts: for the filters that take one of a few values (genre, free or paid, musical key,
--   duration band, content type), the listed loops of every combination, "any" included: a request
--   whose filters are all of these reads its total from one row per genre asked for. Every grouping
--   of the five columns is a row (GROUP BY CUBE): a column "any" holds its sentinel (genre 0, is_free
--   2, key '*', duration band 3, content type '*'); a loop with no key has key '', one with no
--   duration band -1.
-- - catalog_range_counts: the listed loops of every genre (0: any) by value of one range, BPM
--   (dimension 0: effective BPM, loops without one left out) or price (dimension 1: cents): a request
--   filtered by genres and one range sums the range's values.
-- The text search, the creator and other mixes with a range are still counted.
CREATE TABLE "app"."catalog_counts" (
    "genre_id" INTEGER NOT NULL,
    "is_free" SMALLINT NOT NULL,
    "key" TEXT NOT NULL,
    "duration_band" SMALLINT NOT NULL,
    "content_type" TEXT NOT NULL,
    "loops" INTEGER NOT NULL,
    CONSTRAINT "catalog_counts_pkey" PRIMARY KEY ("genre_id", "is_free", "key", "duration_band", "content_type")
);

CREATE TABLE "app"."catalog_range_counts" (
    "dimension" SMALLINT NOT NULL,
    "genre_id" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,
    "loops" INTEGER NOT NULL,
    CONSTRAINT "catalog_range_counts_pkey" PRIMARY KEY ("dimension", "genre_id", "value")
);

-- CreateFunction: a listed loop's duration band, as catalog-query.ts's DURATION_SQL and
-- rules/src/schemas/loops.ts's DURATION_BAND_MS draw them (0 short, 1 medium, 2 long; -1 none).
CREATE FUNCTION "app"."catalog_duration_band"(duration_ms INTEGER) RETURNS SMALLINT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (CASE WHEN duration_ms < 30000 THEN 0 WHEN duration_ms BETWEEN 30000 AND 60000 THEN 1 WHEN duration_ms > 60000 THEN 2 ELSE -1 END)::SMALLINT
$$;

-- CreateFunction: adds `delta` (+1 listed, -1 no longer listed) per changed loop to every grouping
-- and range value it belongs to. The all-"any" row of catalog_counts is locked first by every
-- statement that changes a count, then the other rows of both tables in key order: two transactions
-- never wait on each other crosswise.
CREATE FUNCTION "app"."catalog_counts_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    WITH c AS (
        SELECT (x->>'genre_id')::INTEGER AS g, (x->>'is_free')::BOOLEAN::INTEGER::SMALLINT AS f, COALESCE(x->>'key', '') AS k,
               "app"."catalog_duration_band"((x->>'duration_ms')::INTEGER) AS d, x->>'content_type' AS t, (x->>'delta')::INTEGER AS delta
        FROM jsonb_array_elements(changes) AS x
    ), grouped AS (
        SELECT COALESCE(g, 0) AS g, COALESCE(f, 2::SMALLINT) AS f, COALESCE(k, '*') AS k, COALESCE(d, 3::SMALLINT) AS d, COALESCE(t, '*') AS t,
               COALESCE(sum(delta), 0)::INTEGER AS delta
        FROM c GROUP BY CUBE (g, f, k, d, t)
    )
    INSERT INTO "app"."catalog_counts" AS cc ("genre_id", "is_free", "key", "duration_band", "content_type", "loops")
    SELECT g, f, k, d, t, delta FROM grouped
    WHERE delta <> 0 OR (g = 0 AND f = 2 AND k = '*' AND d = 3 AND t = '*')
    ORDER BY (g = 0 AND f = 2 AND k = '*' AND d = 3 AND t = '*') DESC, g, f, k, d, t
    ON CONFLICT ("genre_id", "is_free", "key", "duration_band", "content_type") DO UPDATE SET "loops" = cc."loops" + excluded."loops";

    WITH c AS (
        SELECT (x->>'genre_id')::INTEGER AS g, (x->>'bpm')::INTEGER AS bpm, (x->>'price_cents')::INTEGER AS price, (x->>'delta')::INTEGER AS delta
        FROM jsonb_array_elements(changes) AS x
    ), ranged AS (
        SELECT r.dimension, COALESCE(r.g, 0) AS g, r.value, sum(r.delta)::INTEGER AS delta
        FROM (
            SELECT 0::SMALLINT AS dimension, c.g, c.bpm AS value, c.delta FROM c WHERE c.bpm IS NOT NULL
            UNION ALL
            SELECT 1::SMALLINT, c.g, c.price, c.delta FROM c WHERE c.price IS NOT NULL
        ) AS r
        GROUP BY GROUPING SETS ((r.dimension, r.g, r.value), (r.dimension, r.value))
    )
    INSERT INTO "app"."catalog_range_counts" AS rc ("dimension", "genre_id", "value", "loops")
    SELECT dimension, g, value, delta FROM ranged WHERE delta <> 0
    ORDER BY dimension, g, value
    ON CONFLICT ("dimension", "genre_id", "value") DO UPDATE SET "loops" = rc."loops" + excluded."loops";
END;
$$;

-- CreateFunction: after a statement on loops, the loops that entered or left the listing or
-- changed a counted column while listed. (Transition tables cannot go with a column list, so every
-- update statement comes here and compares.)
CREATE FUNCTION "app"."loops_catalog_counts"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg(jsonb_build_object('genre_id', n."genre_id", 'is_free', n."is_free", 'key', n."effective_key",
            'duration_ms', n."duration_ms", 'content_type', n."content_type", 'bpm', n."effective_bpm", 'price_cents', n."price_cents", 'delta', 1))
        INTO changes FROM new_rows n WHERE n."status" = 'ready' AND n."is_public";
    ELSIF TG_OP = 'DELETE' THEN
        SELECT jsonb_agg(jsonb_build_object('genre_id', o."genre_id", 'is_free', o."is_free", 'key', o."effective_key",
            'duration_ms', o."duration_ms", 'content_type', o."content_type", 'bpm', o."effective_bpm", 'price_cents', o."price_cents", 'delta', -1))
        INTO changes FROM old_rows o WHERE o."status" = 'ready' AND o."is_public";
    ELSE
        WITH moved AS (
            SELECT o."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE (n."status" = 'ready' AND n."is_public") IS DISTINCT FROM (o."status" = 'ready' AND o."is_public")
               OR ((n."status" = 'ready' AND n."is_public")
                   AND (n."genre_id", n."is_free", n."effective_key", "app"."catalog_duration_band"(n."duration_ms"), n."content_type", n."effective_bpm", n."price_cents")
                       IS DISTINCT FROM (o."genre_id", o."is_free", o."effective_key", "app"."catalog_duration_band"(o."duration_ms"), o."content_type", o."effective_bpm", o."price_cents"))
        )
        SELECT jsonb_agg(x) INTO changes FROM (
            SELECT jsonb_build_object('genre_id', o."genre_id", 'is_free', o."is_free", 'key', o."effective_key",
                'duration_ms', o."duration_ms", 'content_type', o."content_type", 'bpm', o."effective_bpm", 'price_cents', o."price_cents", 'delta', -1) AS x
            FROM old_rows o JOIN moved m ON m."id" = o."id" WHERE o."status" = 'ready' AND o."is_public"
            UNION ALL
            SELECT jsonb_build_object('genre_id', n."genre_id", 'is_free', n."is_free", 'key', n."effective_key",
                'duration_ms', n."duration_ms", 'content_type', n."content_type", 'bpm', n."effective_bpm", 'price_cents', n."price_cents", 'delta', 1)
            FROM new_rows n JOIN moved m ON m."id" = n."id" WHERE n."status" = 'ready' AND n."is_public"
        ) AS d;
    END IF;
    IF changes IS NOT NULL THEN
        PERFORM "app"."catalog_counts_apply"(changes);
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_catalog_counts_insert" AFTER INSERT ON "app"."loops"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_catalog_counts"();
CREATE TRIGGER "loops_catalog_counts_update" AFTER UPDATE ON "app"."loops"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_catalog_counts"();
CREATE TRIGGER "loops_catalog_counts_delete" AFTER DELETE ON "app"."loops"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_catalog_counts"();

-- CreateFunction: TRUNCATE fires no delete trigger: a truncated loops table has no listed loop.
CREATE FUNCTION "app"."catalog_counts_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE "app"."catalog_counts", "app"."catalog_range_counts";
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_catalog_counts_truncate" AFTER TRUNCATE ON "app"."loops" FOR EACH STATEMENT EXECUTE FUNCTION "app"."catalog_counts_truncate"();

-- The loops listed now (with no loop, CUBE still gives the all-"any" row, count 0: every writer locks it first).
INSERT INTO "app"."catalog_counts" ("genre_id", "is_free", "key", "duration_band", "content_type", "loops")
SELECT COALESCE(g, 0), COALESCE(f, 2::SMALLINT), COALESCE(k, '*'), COALESCE(d, 3::SMALLINT), COALESCE(t, '*'), count(*)::INTEGER
FROM (SELECT l."genre_id" AS g, l."is_free"::INTEGER::SMALLINT AS f, COALESCE(l."effective_key", '') AS k,
             "app"."catalog_duration_band"(l."duration_ms") AS d, l."content_type"::TEXT AS t
      FROM "app"."loops" l WHERE l."status" = 'ready' AND l."is_public") AS l
GROUP BY CUBE (g, f, k, d, t);
INSERT INTO "app"."catalog_range_counts" ("dimension", "genre_id", "value", "loops")
SELECT r.dimension, COALESCE(r.g, 0), r.value, count(*)::INTEGER
FROM (
    SELECT 0::SMALLINT AS dimension, l."genre_id" AS g, l."effective_bpm" AS value FROM "app"."loops" l
    WHERE l."status" = 'ready' AND l."is_public" AND l."effective_bpm" IS NOT NULL
    UNION ALL
    SELECT 1::SMALLINT, l."genre_id", l."price_cents" FROM "app"."loops" l WHERE l."status" = 'ready' AND l."is_public"
) AS r
GROUP BY GROUPING SETS ((r.dimension, r.g, r.value), (r.dimension, r.value));
