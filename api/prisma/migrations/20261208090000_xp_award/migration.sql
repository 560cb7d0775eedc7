-- XP awards in one statement (docs/decisions.md, "No hot rows"). A sale awarded XP in five round
-- trips (lock both users, one insert per award, one update per user), each holding the seller's
-- user row while the API sent the next: concurrent sales of one creator waited on it. Here the
-- rows are locked in id order (the order every XP award takes), each award is recorded once per
-- (user, event, key) — an offer action only if its counterpart gave the user none in
-- `p_counterpart_hours` — and each user's experience is raised by what was recorded. Levels are
-- the rules' (@loop/rules/levels): the caller raises a level, and pays its rewards, from the
-- experience returned here.
CREATE FUNCTION "app"."xp_award"(
    p_user_ids UUID[],
    p_events TEXT[],
    p_keys TEXT[],
    p_xps INTEGER[],
    p_counterparts UUID[],
    p_counterpart_hours INTEGER
) RETURNS TABLE ("award" INTEGER, "xp_added" INTEGER, "user_id" UUID, "level" INTEGER, "experience_before" INTEGER, "experience" INTEGER)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_added INTEGER[] := array_fill(0, ARRAY[cardinality(p_user_ids)]);
    v_xp INTEGER;
    v_locked INTEGER;
BEGIN
    PERFORM 1 FROM "app"."users" u WHERE u."id" = ANY (p_user_ids) ORDER BY u."id" FOR NO KEY UPDATE;
    GET DIAGNOSTICS v_locked = ROW_COUNT;
    -- An unknown user: no rows, nothing recorded (the caller refuses).
    IF v_locked <> (SELECT count(DISTINCT x) FROM unnest(p_user_ids) AS x) THEN
        RETURN;
    END IF;
    FOR i IN 1 .. cardinality(p_user_ids) LOOP
        v_xp := NULL;
        IF p_counterparts[i] IS NULL THEN
            INSERT INTO "app"."xp_events" ("user_id", "event", "key", "xp")
            VALUES (p_user_ids[i], p_events[i], p_keys[i], p_xps[i])
            ON CONFLICT ("user_id", "event", "key") DO NOTHING RETURNING "app"."xp_events"."xp" INTO v_xp;
        ELSE
            -- The user's row is locked: their concurrent awards take turns, so this check holds.
            INSERT INTO "app"."xp_events" ("user_id", "event", "key", "xp", "counterpart_id")
            SELECT p_user_ids[i], p_events[i], p_keys[i], p_xps[i], p_counterparts[i]
            WHERE NOT EXISTS (
                SELECT 1 FROM "app"."xp_events" e
                WHERE e."user_id" = p_user_ids[i] AND e."counterpart_id" = p_counterparts[i]
                  AND e."created_at" > CURRENT_TIMESTAMP - make_interval(hours => p_counterpart_hours))
            ON CONFLICT ("user_id", "event", "key") DO NOTHING RETURNING "app"."xp_events"."xp" INTO v_xp;
        END IF;
        v_added[i] := COALESCE(v_xp, 0);
    END LOOP;
    RETURN QUERY
    WITH "gained" AS (
        SELECT a."user_id", sum(a."xp")::INTEGER AS "xp"
        FROM unnest(p_user_ids, v_added) AS a("user_id", "xp")
        GROUP BY a."user_id"
    ), "raised" AS (
        UPDATE "app"."users" u SET "experience" = u."experience" + g."xp"
        FROM "gained" g WHERE u."id" = g."user_id" AND g."xp" > 0
        RETURNING u."id", u."level", u."experience", u."experience" - g."xp" AS "experience_before"
    ), "kept" AS (
        SELECT u."id", u."level", u."experience", u."experience" AS "experience_before"
        FROM "app"."users" u JOIN "gained" g ON g."user_id" = u."id" WHERE g."xp" = 0
    ), "users" AS (
        SELECT * FROM "raised" UNION ALL SELECT * FROM "kept"
    )
    SELECT a."ord"::INTEGER, a."xp", a."user_id", s."level", s."experience_before", s."experience"
    FROM unnest(p_user_ids, v_added) WITH ORDINALITY AS a("user_id", "xp", "ord")
    JOIN "users" s ON s."id" = a."user_id"
    ORDER BY a."ord";
END;
$$;
