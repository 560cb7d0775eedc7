-- Maintained catalog counts by BPM and by price (issue 19, docs/decisions.md "Issue 19 — maintained
-- counts"): a request filtered by genres and one range (BPM or price) counted up to 1,000 matching
-- index entries among thousands (a BPM range keeps one loop in three). The listed loops of every
-- genre (0: any) and value are kept here, so such a total is the sum over the range's values.
-- dimension 0: effective BPM (loops without one are not counted); dimension 1: price in cents.
CREATE TABLE "app"."catalog_range_counts" (
    "dimension" SMALLINT NOT NULL,
    "genre_id" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,
    "loops" INTEGER NOT NULL,
    CONSTRAINT "catalog_range_counts_pkey" PRIMARY KEY ("dimension", "genre_id", "value")
);

-- CreateFunction: the changes of migration 20261128080000_catalog_counts, now also by BPM and price
-- (each change carries "bpm" and "price_cents"). Locks: the all-"any" row of catalog_counts first,
-- as before, then the other rows of both tables in key order.
CREATE OR REPLACE FUNCTION "app"."catalog_counts_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
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

-- CreateFunction: as in migration 20261128080000_catalog_counts, with the loop's effective BPM and
-- price in each change, and a change of either while listed counted as a move.
CREATE OR REPLACE FUNCTION "app"."loops_catalog_counts"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
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

-- CreateFunction: TRUNCATE fires no delete trigger: a truncated loops table has no listed loop.
CREATE OR REPLACE FUNCTION "app"."catalog_counts_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE "app"."catalog_counts", "app"."catalog_range_counts";
    RETURN NULL;
END;
$$;

-- The loops listed now, by BPM and by price.
INSERT INTO "app"."catalog_range_counts" ("dimension", "genre_id", "value", "loops")
SELECT r.dimension, COALESCE(r.g, 0), r.value, count(*)::INTEGER
FROM (
    SELECT 0::SMALLINT AS dimension, l."genre_id" AS g, l."effective_bpm" AS value FROM "app"."loops" l
    WHERE l."status" = 'ready' AND l."is_public" AND l."effective_bpm" IS NOT NULL
    UNION ALL
    SELECT 1::SMALLINT, l."genre_id", l."price_cents" FROM "app"."loops" l WHERE l."status" = 'ready' AND l."is_public"
) AS r
GROUP BY GROUPING SETS ((r.dimension, r.g, r.value), (r.dimension, r.value));
