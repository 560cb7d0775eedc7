-- GET /api/search without its cache (issue 19): the pg_trgm documentation's approach to typo-tolerant
-- search. A small vocabulary of the distinct words of the listed loops (title, tags, description,
-- genre name) and of the users who are not banned (username, first and last name), with a trigram
-- index, answers "which words are close to this one" over thousands of rows instead of 100,000
-- documents; a posting table per kind of document (word, where in the document, row, and the order
-- of the results) then gives each close word's best rows through a btree in rank order, so that a
-- search reads a few dozen index entries whatever the number of matches. The vocabulary also counts
-- each word's rows, which gives the totals without counting thousands of rows per search.
-- Everything is kept by statement-level triggers (one pass per statement, so a bulk insert of
-- 100,000 loops stays one statement). Found with scripts/bench/catalog.mjs and EXPLAIN (ANALYZE,
-- BUFFERS): docs/decisions.md, "Issue 19 — search without its cache".

-- The words of a text: lower case, runs of letters or of digits ("Maya_Okafor12" → maya, okafor, 12),
-- in order. app.search splits a query the same way.
CREATE FUNCTION "app"."search_words_of"(text TEXT) RETURNS TABLE ("word" TEXT, "position" BIGINT)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT m[1], n FROM regexp_matches(lower(text), '[[:alpha:]]+|[[:digit:]]+', 'g') WITH ORDINALITY AS t(m, n)
$$;

-- CreateTable: the vocabulary. loops: listed loops (ready, public, creator not banned) with the word
-- anywhere; title_loops: those with it in the title; users: users not banned with it in username or
-- names. A word no listed row has any more is deleted.
CREATE TABLE "app"."search_words" (
    "word" TEXT NOT NULL,
    "loops" INTEGER NOT NULL DEFAULT 0,
    "title_loops" INTEGER NOT NULL DEFAULT 0,
    "users" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);

-- CreateIndex: contains (LIKE '%…%') and similarity (%) on the vocabulary. Without GIN's pending list
-- (fastupdate): new words go into the index at once. With it, the words of a bulk insert (the bench's
-- 100,000 loops, the backfill below) waited in the list until a vacuum, and every search scanned the
-- whole list: 7.7 ms of CPU a search instead of 0.5.
CREATE INDEX "search_words_word_trgm_idx" ON "app"."search_words" USING GIN ("word" gin_trgm_ops) WITH (fastupdate = off);

-- CreateTable: a loop's words, one row per word, with the best place the loop has it (kind): 3 the
-- whole title is this word, 2 the title's first word, 1 another word of the title, 0 only in its
-- tags, description or genre name. No primary key: the triggers write a loop's rows all at once,
-- distinct, and a third index on a million rows (100,000 loops) would only slow every write.
-- listed, popularity and created_at are the loop's, copied so that the index below is in result order.
CREATE TABLE "app"."loop_search_words" (
    "word" TEXT NOT NULL,
    "kind" SMALLINT NOT NULL,
    "loop_id" UUID NOT NULL,
    "listed" BOOLEAN NOT NULL,
    "popularity" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL
);

-- CreateIndex: a word's best listed loops of one kind, most popular first (the search's tie-break).
CREATE INDEX "loop_search_words_rank_idx" ON "app"."loop_search_words"("word", "kind", "popularity" DESC, "created_at" DESC, "loop_id")
    WHERE "listed";

-- CreateIndex: a loop's words (kept up to date, and a query's other words checked).
CREATE INDEX "loop_search_words_loop_id_idx" ON "app"."loop_search_words"("loop_id", "word");

-- CreateTable: a user's words, one row per word, with the best place (kind): 3 the whole username is
-- this word, 2 the username's first word, 1 another word of the username, 0 only in the names.
CREATE TABLE "app"."user_search_words" (
    "word" TEXT NOT NULL,
    "kind" SMALLINT NOT NULL,
    "user_id" UUID NOT NULL,
    "listed" BOOLEAN NOT NULL,
    "experience" INTEGER NOT NULL
);

-- CreateIndex: a word's users of one kind who are not banned, most experienced first.
CREATE INDEX "user_search_words_rank_idx" ON "app"."user_search_words"("word", "kind", "experience" DESC, "user_id")
    WHERE "listed";

-- CreateIndex
CREATE INDEX "user_search_words_user_id_idx" ON "app"."user_search_words"("user_id", "word");

-- CreateFunction: the postings the loops `ids` have now (none for a deleted loop): one per word of a
-- loop, with the best place it has it.
CREATE FUNCTION "app"."loop_search_postings"(ids UUID[])
    RETURNS TABLE ("word" TEXT, "kind" SMALLINT, "loop_id" UUID, "listed" BOOLEAN, "popularity" INTEGER, "created_at" TIMESTAMP(3) WITH TIME ZONE)
    LANGUAGE sql STABLE AS $$
    SELECT w."word", w."kind", l."id", l."status" = 'ready' AND l."is_public" AND NOT u."is_banned", l."popularity", l."created_at"
    FROM "app"."loops" l
    JOIN "app"."users" u ON u."id" = l."user_id"
    JOIN "app"."genres" g ON g."id" = l."genre_id"
    CROSS JOIN LATERAL (
        SELECT x."word", max(x."kind")::SMALLINT AS "kind"
        FROM (
            SELECT t."word", CASE WHEN count(*) OVER () = 1 THEN 3 WHEN t."position" = 1 THEN 2 ELSE 1 END AS "kind"
            FROM "app"."search_words_of"(l."title") t
            UNION ALL
            SELECT t."word", 0 FROM "app"."search_words_of"(concat_ws(' ', l."tags", l."description", g."name")) t
        ) x
        GROUP BY x."word"
    ) w
    WHERE l."id" = ANY (ids)
$$;

-- CreateFunction: the postings the users `ids` have now.
CREATE FUNCTION "app"."user_search_postings"(ids UUID[])
    RETURNS TABLE ("word" TEXT, "kind" SMALLINT, "user_id" UUID, "listed" BOOLEAN, "experience" INTEGER)
    LANGUAGE sql STABLE AS $$
    SELECT w."word", w."kind", u."id", NOT u."is_banned", u."experience"
    FROM "app"."users" u
    CROSS JOIN LATERAL (
        SELECT x."word", max(x."kind")::SMALLINT AS "kind"
        FROM (
            SELECT t."word", CASE WHEN count(*) OVER () = 1 THEN 3 WHEN t."position" = 1 THEN 2 ELSE 1 END AS "kind"
            FROM "app"."search_words_of"(u."username") t
            UNION ALL
            SELECT t."word", 0 FROM "app"."search_words_of"(concat_ws(' ', u."first_name", u."last_name")) t
        ) x
        GROUP BY x."word"
    ) w
    WHERE u."id" = ANY (ids)
$$;

-- CreateFunction: brings the loops `ids`' postings and the vocabulary's counts up to date, in one
-- statement (its parts share one snapshot: the delete sees only the old postings). The counts move
-- by the difference between the old postings and the new ones, words in order (every writer locks
-- the vocabulary's rows in one order: no deadlock between two uploads); a word left with no listed
-- row is deleted.
CREATE FUNCTION "app"."sync_loop_search_words"(ids UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    emptied TEXT[];
BEGIN
    WITH old AS (
        DELETE FROM "app"."loop_search_words" p WHERE p."loop_id" = ANY (ids) RETURNING p."word", p."kind", p."loop_id", p."listed"
    ), new AS MATERIALIZED (
        SELECT * FROM "app"."loop_search_postings"(ids)
    ), inserted AS (
        INSERT INTO "app"."loop_search_words" SELECT * FROM new
    ), delta AS (
        SELECT d."word", sum(d."loops")::INTEGER AS "loops", sum(d."title_loops")::INTEGER AS "title_loops"
        FROM (
            SELECT o."word", -(o."listed"::INTEGER) AS "loops", -((o."listed" AND o."kind" > 0)::INTEGER) AS "title_loops" FROM old o
            UNION ALL
            SELECT n."word", n."listed"::INTEGER, (n."listed" AND n."kind" > 0)::INTEGER FROM new n
        ) d
        GROUP BY d."word"
        HAVING sum(d."loops") <> 0 OR sum(d."title_loops") <> 0
    ), upserted AS (
        INSERT INTO "app"."search_words" AS v ("word", "loops", "title_loops")
        SELECT "word", "loops", "title_loops" FROM delta ORDER BY "word"
        ON CONFLICT ("word") DO UPDATE SET "loops" = v."loops" + excluded."loops", "title_loops" = v."title_loops" + excluded."title_loops"
        RETURNING v."word", v."loops", v."title_loops", v."users"
    )
    SELECT array_agg("word") INTO emptied FROM upserted WHERE "loops" <= 0 AND "title_loops" <= 0 AND "users" <= 0;
    IF emptied IS NOT NULL THEN
        DELETE FROM "app"."search_words" WHERE "word" = ANY (emptied) AND "loops" <= 0 AND "title_loops" <= 0 AND "users" <= 0;
    END IF;
END;
$$;

-- CreateFunction: the same for users.
CREATE FUNCTION "app"."sync_user_search_words"(ids UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    emptied TEXT[];
BEGIN
    WITH old AS (
        DELETE FROM "app"."user_search_words" p WHERE p."user_id" = ANY (ids) RETURNING p."word", p."user_id", p."listed"
    ), new AS MATERIALIZED (
        SELECT * FROM "app"."user_search_postings"(ids)
    ), inserted AS (
        INSERT INTO "app"."user_search_words" SELECT * FROM new
    ), delta AS (
        SELECT d."word", sum(d."users")::INTEGER AS "users"
        FROM (
            SELECT o."word", -(o."listed"::INTEGER) AS "users" FROM old o
            UNION ALL
            SELECT n."word", n."listed"::INTEGER FROM new n
        ) d
        GROUP BY d."word"
        HAVING sum(d."users") <> 0
    ), upserted AS (
        INSERT INTO "app"."search_words" AS v ("word", "users")
        SELECT "word", "users" FROM delta ORDER BY "word"
        ON CONFLICT ("word") DO UPDATE SET "users" = v."users" + excluded."users"
        RETURNING v."word", v."loops", v."title_loops", v."users"
    )
    SELECT array_agg("word") INTO emptied FROM upserted WHERE "loops" <= 0 AND "title_loops" <= 0 AND "users" <= 0;
    IF emptied IS NOT NULL THEN
        DELETE FROM "app"."search_words" WHERE "word" = ANY (emptied) AND "loops" <= 0 AND "title_loops" <= 0 AND "users" <= 0;
    END IF;
END;
$$;

-- CreateFunction: after a statement on loops, the loops whose words, listing or order changed.
-- (Transition tables cannot go with a column list, so every update statement comes here and
-- compares; the genre's rename comes through its loops' search_text.)
CREATE FUNCTION "app"."loops_search_words"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    ids UUID[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(n."id") INTO ids FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o."id") INTO ids FROM old_rows o;
    ELSE
        SELECT array_agg(n."id") INTO ids FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (n."search_text", n."status", n."is_public", n."popularity", n."created_at", n."user_id")
            IS DISTINCT FROM (o."search_text", o."status", o."is_public", o."popularity", o."created_at", o."user_id");
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM "app"."sync_loop_search_words"(ids);
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_search_words_insert" AFTER INSERT ON "app"."loops"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_search_words"();
CREATE TRIGGER "loops_search_words_update" AFTER UPDATE ON "app"."loops"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_search_words"();
CREATE TRIGGER "loops_search_words_delete" AFTER DELETE ON "app"."loops"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_search_words"();

-- CreateFunction: after a statement on users, the users whose words, ban or experience changed; a
-- ban or unban also lists or unlists their loops.
CREATE FUNCTION "app"."users_search_words"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    ids UUID[];
    banned UUID[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(n."id") INTO ids FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o."id") INTO ids FROM old_rows o;
    ELSE
        SELECT array_agg(n."id"), array_agg(n."id") FILTER (WHERE n."is_banned" IS DISTINCT FROM o."is_banned") INTO ids, banned
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (n."search_text", n."is_banned", n."experience") IS DISTINCT FROM (o."search_text", o."is_banned", o."experience");
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM "app"."sync_user_search_words"(ids);
    END IF;
    IF banned IS NOT NULL THEN
        PERFORM "app"."sync_loop_search_words"(ARRAY(SELECT l."id" FROM "app"."loops" l WHERE l."user_id" = ANY (banned)));
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "users_search_words_insert" AFTER INSERT ON "app"."users"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."users_search_words"();
CREATE TRIGGER "users_search_words_update" AFTER UPDATE ON "app"."users"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."users_search_words"();
CREATE TRIGGER "users_search_words_delete" AFTER DELETE ON "app"."users"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."users_search_words"();

-- CreateFunction: TRUNCATE fires no delete trigger: a truncated loops or users table empties its
-- postings and its share of the vocabulary.
CREATE FUNCTION "app"."search_words_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'loops' THEN
        TRUNCATE "app"."loop_search_words";
        UPDATE "app"."search_words" SET "loops" = 0, "title_loops" = 0 WHERE "loops" <> 0 OR "title_loops" <> 0;
    ELSE
        TRUNCATE "app"."user_search_words";
        UPDATE "app"."search_words" SET "users" = 0 WHERE "users" <> 0;
    END IF;
    DELETE FROM "app"."search_words" WHERE "loops" <= 0 AND "title_loops" <= 0 AND "users" <= 0;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_search_words_truncate" AFTER TRUNCATE ON "app"."loops" FOR EACH STATEMENT EXECUTE FUNCTION "app"."search_words_truncate"();
CREATE TRIGGER "users_search_words_truncate" AFTER TRUNCATE ON "app"."users" FOR EACH STATEMENT EXECUTE FUNCTION "app"."search_words_truncate"();

-- CreateFunction: GET /api/search's whole answer as JSON text, sent by the API as it is (PL/pgSQL: its
-- statements' plans are prepared once per connection, generic; planning them per search cost more
-- than running them). `q` is lower case with single spaces. The query's words (runs of letters or
-- digits) must each match a word of the row: one of at least 3 characters a vocabulary word that
-- contains it (anywhere in the loop) or is close to it (trigram similarity; for loops in the title
-- only); a shorter one that very word, or, next to a longer one, a word starting with it.
-- Candidates: the `off + lim` best rows of each close word (of the rarest query word) and each place
-- (kind), through the postings' rank index; so a search reads a few dozen index entries whatever the
-- number of matches. One query word: the place and the word give the rank of the title/username (exact, starts
-- with, a word starts with, contains, close), so only the page's rows are read, and ranked as
-- before. Several: the candidates are ranked as before. Totals: one close word, its count in the
-- vocabulary; else the matching postings are counted, at most `cap` of them; past that a total is a
-- lower bound, flagged by "totalUsersCapped"/"totalLoopsCapped": true, and always more than the rows
-- up to this page, so that paging carries on.
CREATE FUNCTION "app"."search"(q TEXT, lim INTEGER, off INTEGER, cap INTEGER) RETURNS TEXT
    LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    toks TEXT[];
    longs BOOLEAN[];
    any_long BOOLEAN;
    m_n INTEGER[];
    m_word TEXT[];
    m_literal BOOLEAN[];
    m_loops INTEGER[];
    m_users INTEGER[];
    needed INTEGER;
    driver INTEGER;
    d_words TEXT[];
    d_literal BOOLEAN[];
    d_count INTEGER[];
    ids UUID[];
    words INTEGER;
    max_count INTEGER;
    user_words INTEGER;
    max_users INTEGER;
    loop_words INTEGER;
    max_loops INTEGER;
    counted INTEGER;
    hits INTEGER;
    users_page JSON := '[]';
    loops_page JSON := '[]';
    total_users INTEGER := 0;
    total_loops INTEGER := 0;
    users_capped BOOLEAN := false;
    loops_capped BOOLEAN := false;
BEGIN
    SELECT array_agg(t.m[1] ORDER BY t.n), array_agg(length(t.m[1]) >= 3 ORDER BY t.n)
    INTO toks, longs
    FROM regexp_matches(q, '[[:alpha:]]+|[[:digit:]]+', 'g') WITH ORDINALITY AS t(m, n);
    any_long := true = ANY (longs);
    -- The query words that must have a close word (the others are prefix filters).
    needed := CASE WHEN any_long THEN cardinality(array_positions(longs, true)) ELSE cardinality(toks) END;
    IF toks IS NOT NULL THEN
        -- The vocabulary's words for each query word (a short word next to a long one is a prefix filter
        -- instead), best first, at most 64: those containing it, then the closest.
        SELECT array_agg(t.n ORDER BY t.n, v.rank), array_agg(v."word" ORDER BY t.n, v.rank), array_agg(v.literal ORDER BY t.n, v.rank),
               array_agg(v."loops" ORDER BY t.n, v.rank), array_agg(v."users" ORDER BY t.n, v.rank),
               count(*) FILTER (WHERE v."users" > 0), max(v."users"), count(*) FILTER (WHERE v."loops" > 0), max(v."loops")
        INTO m_n, m_word, m_literal, m_loops, m_users, user_words, max_users, loop_words, max_loops
        FROM unnest(toks, longs) WITH ORDINALITY AS t(tok, long, n)
        CROSS JOIN LATERAL (
            SELECT w."word", w.literal, CASE WHEN w.literal THEN w."loops" ELSE w."title_loops" END AS "loops", w."users",
                row_number() OVER (ORDER BY w.literal DESC, similarity(w."word", t.tok) DESC, w."word") AS rank
            FROM (
                SELECT v."word", strpos(v."word", t.tok) > 0 AS literal, v."loops", v."title_loops", v."users"
                FROM "app"."search_words" v
                WHERE t.long AND (v."word" LIKE '%' || t.tok || '%' OR v."word" % t.tok) OR NOT t.long AND v."word" = t.tok
            ) w
            WHERE w."users" > 0 OR w."title_loops" > 0 OR w.literal AND w."loops" > 0
            ORDER BY rank
            LIMIT 64
        ) v
        WHERE t.long OR NOT any_long;
    END IF;

    IF m_n IS NOT NULL AND cardinality(toks) = 1 THEN
        -- One query word. Users: the place in the user (kind 3 the whole username, 2 its first word,
        -- 1 another word of it, 0 the names) and the word give the rank.
        words := user_words; max_count := max_users;
        IF words > 0 THEN
            WITH page AS (
                SELECT h."user_id", h.class FROM (
                    SELECT DISTINCT ON (c."user_id") c."user_id", c."experience",
                        CASE WHEN k.kind = 3 AND m.w = q THEN 4 WHEN k.kind >= 2 AND starts_with(m.w, toks[1]) THEN 3
                             WHEN starts_with(m.w, toks[1]) THEN 2 ELSE 1 END AS class,
                        word_similarity(toks[1], m.w) AS score
                    FROM unnest(m_word, m_users) AS m(w, count)
                    CROSS JOIN LATERAL unnest('{3,2,1,0}'::SMALLINT[]) k(kind)
                    CROSS JOIN LATERAL (
                        SELECT p."user_id", p."experience" FROM "app"."user_search_words" p
                        WHERE p."word" = m.w AND p."kind" = k.kind AND p."listed"
                        ORDER BY p."experience" DESC, p."user_id"
                        LIMIT off + lim
                    ) c
                    WHERE m.count > 0
                    ORDER BY c."user_id", class DESC, score DESC
                ) h
                ORDER BY h.class DESC, h.score DESC, h."experience" DESC, h."user_id"
                LIMIT off + lim
            )
            SELECT coalesce(json_agg(json_build_object(
                'id', r."id", 'username', r."username", 'profileImageUrl', r."profile_image_url", 'firstName', r."first_name",
                'lastName', r."last_name", 'walletAddress', w."address", 'level', r."level", 'experience', r."experience")
                ORDER BY r.class DESC, r.score DESC, r."experience" DESC, r."id"), '[]')
            INTO users_page
            FROM (
                SELECT u."id", u."username", u."profile_image_url", u."first_name", u."last_name", u."level", u."experience",
                    CASE
                        WHEN lower(u."username") = q THEN 4
                        WHEN starts_with(lower(u."username"), q) THEN 3
                        WHEN starts_with(lower(u."first_name"), q) OR starts_with(lower(u."last_name"), q)
                            OR strpos(' ' || translate(lower(u."username"), '_', ' '), ' ' || q) > 0 THEN 2
                        ELSE 1
                    END AS class,
                    GREATEST(word_similarity(q, u."username"), word_similarity(q, coalesce(u."first_name", '')), word_similarity(q, coalesce(u."last_name", ''))) AS score
                FROM page CROSS JOIN LATERAL (SELECT * FROM "app"."users" u WHERE u."id" = page."user_id") u
                ORDER BY class DESC, score DESC, u."experience" DESC, u."id"
                LIMIT lim OFFSET off
            ) r
            LEFT JOIN "app"."wallet_links" w ON w."user_id" = r."id";
            IF words = 1 THEN
                total_users := max_count;
            ELSIF max_count >= cap THEN
                total_users := max_count; users_capped := true;
            ELSE
                -- Several close words: their rows, at most `cap` postings read; past that a lower bound.
                SELECT count(DISTINCT s."user_id"), count(*) >= cap INTO total_users, users_capped FROM (
                    SELECT p."user_id" FROM unnest(m_word, m_users) AS m(w, count)
                    CROSS JOIN LATERAL (SELECT p."user_id" FROM "app"."user_search_words" p WHERE p."word" = m.w AND p."listed" OFFSET 0) p
                    WHERE m.count > 0
                    LIMIT cap
                ) s;
                IF users_capped THEN total_users := GREATEST(total_users, max_count); END IF;
            END IF;
        END IF;

        -- Loops: the place in the loop (kind 3 the whole title, 2 its first word, 1 another word of it,
        -- 0 tags, description or genre) and the word give the rank.
        words := loop_words; max_count := max_loops;
        IF words > 0 THEN
            WITH page AS (
                SELECT h."loop_id" FROM (
                    SELECT DISTINCT ON (c."loop_id") c."loop_id", c."popularity", c."created_at",
                        CASE WHEN k.kind = 3 AND m.w = q THEN 6 WHEN k.kind >= 2 AND starts_with(m.w, toks[1]) THEN 5
                             WHEN k.kind = 1 AND starts_with(m.w, toks[1]) THEN 4 WHEN k.kind >= 1 AND m.literal THEN 3
                             WHEN k.kind >= 1 THEN 2 ELSE 1 END AS class,
                        CASE WHEN k.kind >= 1 THEN word_similarity(toks[1], m.w) ELSE 1 END AS score
                    FROM unnest(m_word, m_literal, m_loops) AS m(w, literal, count)
                    CROSS JOIN LATERAL unnest(CASE WHEN m.literal THEN '{3,2,1,0}'::SMALLINT[] ELSE '{3,2,1}'::SMALLINT[] END) k(kind)
                    CROSS JOIN LATERAL (
                        SELECT p."loop_id", p."popularity", p."created_at" FROM "app"."loop_search_words" p
                        WHERE p."word" = m.w AND p."kind" = k.kind AND p."listed"
                        ORDER BY p."popularity" DESC, p."created_at" DESC, p."loop_id"
                        LIMIT off + lim
                    ) c
                    WHERE m.count > 0
                    ORDER BY c."loop_id", class DESC, score DESC
                ) h
                ORDER BY h.class DESC, h.score DESC, h."popularity" DESC, h."created_at" DESC, h."loop_id"
                LIMIT off + lim
            )
            SELECT array_agg("loop_id") INTO ids FROM page;
            IF words = 1 THEN
                total_loops := max_count;
            ELSIF max_count >= cap THEN
                total_loops := max_count; loops_capped := true;
            ELSE
                -- Several close words: their loops, at most `cap` postings read; past that a lower bound.
                SELECT count(DISTINCT s."loop_id"), count(*) >= cap INTO total_loops, loops_capped FROM (
                    SELECT p."loop_id" FROM unnest(m_word, m_literal, m_loops) AS m(w, literal, count)
                    CROSS JOIN LATERAL (
                        SELECT p."loop_id" FROM "app"."loop_search_words" p
                        WHERE p."word" = m.w AND p."listed" AND (m.literal OR p."kind" > 0) OFFSET 0
                    ) p
                    WHERE m.count > 0
                    LIMIT cap
                ) s;
                IF loops_capped THEN total_loops := GREATEST(total_loops, max_count); END IF;
            END IF;
        END IF;

    ELSIF m_n IS NOT NULL AND (SELECT count(DISTINCT x) FROM unnest(m_n) x) = needed THEN
        -- Several query words. Users: the candidates of the rarest one that have the others too.
        SELECT x.n INTO driver FROM unnest(m_n, m_users) AS x(n, c) GROUP BY x.n ORDER BY sum(x.c), x.n LIMIT 1;
        IF (SELECT count(DISTINCT x.n) FROM unnest(m_n, m_users) AS x(n, c) WHERE x.c > 0) < needed THEN
            driver := NULL;
        END IF;
        IF driver IS NOT NULL THEN
            SELECT array_agg(x.w) INTO d_words FROM unnest(m_n, m_word, m_users) AS x(n, w, c) WHERE x.n = driver AND x.c > 0;
            WITH hit AS NOT MATERIALIZED (
                SELECT p."user_id", p."kind", p."experience", p."word", NOT EXISTS (
                    SELECT 1 FROM unnest(toks, longs) WITH ORDINALITY AS t(tok, long, n)
                    WHERE t.n <> driver AND NOT EXISTS (
                        SELECT 1 FROM "app"."user_search_words" p2
                        WHERE p2."user_id" = p."user_id" AND CASE
                            WHEN t.long OR NOT any_long THEN p2."word" = ANY (ARRAY(SELECT x.w FROM unnest(m_n, m_word, m_users) AS x(n, w, c) WHERE x.n = t.n AND x.c > 0))
                            ELSE starts_with(p2."word", t.tok) END)) AS ok
                FROM unnest(d_words) AS m(w)
                JOIN "app"."user_search_words" p ON p."word" = m.w AND p."listed"
            ), cand AS (
                SELECT DISTINCT c."user_id" FROM unnest(d_words) AS m(w)
                CROSS JOIN LATERAL unnest('{3,2,1,0}'::SMALLINT[]) k(kind)
                CROSS JOIN LATERAL (
                    SELECT h."user_id" FROM hit h WHERE h."word" = m.w AND h."kind" = k.kind AND h.ok
                    ORDER BY h."experience" DESC, h."user_id" LIMIT off + lim
                ) c
            ), counted AS (
                -- At most `cap` of the rarest word's rows are checked: past that the total is a lower bound.
                SELECT count(DISTINCT s."user_id") FILTER (WHERE s.ok) AS n, count(*) AS hits
                FROM (
                    SELECT h."user_id", h.ok FROM unnest(d_words) AS m(w)
                    CROSS JOIN LATERAL (SELECT h."user_id", h.ok FROM hit h WHERE h."word" = m.w OFFSET 0) h
                    LIMIT cap
                ) s
            )
            SELECT (SELECT coalesce(json_agg(json_build_object(
                    'id', r."id", 'username', r."username", 'profileImageUrl', r."profile_image_url", 'firstName', r."first_name",
                    'lastName', r."last_name", 'walletAddress', w."address", 'level', r."level", 'experience', r."experience")
                    ORDER BY r.class DESC, r.score DESC, r."experience" DESC, r."id"), '[]')
                FROM (
                    SELECT u."id", u."username", u."profile_image_url", u."first_name", u."last_name", u."level", u."experience",
                        CASE
                            WHEN lower(u."username") = q THEN 4
                            WHEN starts_with(lower(u."username"), q) THEN 3
                            WHEN starts_with(lower(u."first_name"), q) OR starts_with(lower(u."last_name"), q)
                                OR strpos(' ' || translate(lower(u."username"), '_', ' '), ' ' || q) > 0 THEN 2
                            ELSE 1
                        END AS class,
                        GREATEST(word_similarity(q, u."username"), word_similarity(q, coalesce(u."first_name", '')), word_similarity(q, coalesce(u."last_name", ''))) AS score
                    FROM cand CROSS JOIN LATERAL (SELECT * FROM "app"."users" u WHERE u."id" = cand."user_id") u
                    ORDER BY class DESC, score DESC, u."experience" DESC, u."id"
                    LIMIT lim OFFSET off
                ) r
                LEFT JOIN "app"."wallet_links" w ON w."user_id" = r."id"),
                c.n, c.hits >= cap
            INTO users_page, total_users, users_capped
            FROM counted c;
        END IF;

        -- Loops: likewise.
        SELECT x.n INTO driver FROM unnest(m_n, m_loops) AS x(n, c) GROUP BY x.n ORDER BY sum(x.c), x.n LIMIT 1;
        IF (SELECT count(DISTINCT x.n) FROM unnest(m_n, m_loops) AS x(n, c) WHERE x.c > 0) < needed THEN
            driver := NULL;
        END IF;
        IF driver IS NOT NULL THEN
            SELECT array_agg(x.w), array_agg(x.l) INTO d_words, d_literal FROM unnest(m_n, m_word, m_literal, m_loops) AS x(n, w, l, c) WHERE x.n = driver AND x.c > 0;
            WITH hit AS NOT MATERIALIZED (
                SELECT p."loop_id", p."kind", p."popularity", p."created_at", p."word", NOT EXISTS (
                    SELECT 1 FROM unnest(toks, longs) WITH ORDINALITY AS t(tok, long, n)
                    WHERE t.n <> driver AND NOT EXISTS (
                        SELECT 1 FROM "app"."loop_search_words" p2
                        WHERE p2."loop_id" = p."loop_id" AND CASE
                            WHEN t.long OR NOT any_long THEN EXISTS (
                                SELECT 1 FROM unnest(m_n, m_word, m_literal, m_loops) AS x(n, w, l, c)
                                WHERE x.n = t.n AND x.c > 0 AND x.w = p2."word" AND (x.l OR p2."kind" > 0))
                            ELSE starts_with(p2."word", t.tok) END)) AS ok
                FROM unnest(d_words, d_literal) AS m(w, literal)
                JOIN "app"."loop_search_words" p ON p."word" = m.w AND p."listed" AND (m.literal OR p."kind" > 0)
            ), cand AS (
                SELECT DISTINCT c."loop_id" FROM unnest(d_words) AS m(w)
                CROSS JOIN LATERAL unnest('{3,2,1,0}'::SMALLINT[]) k(kind)
                CROSS JOIN LATERAL (
                    SELECT h."loop_id" FROM hit h WHERE h."word" = m.w AND h."kind" = k.kind AND h.ok
                    ORDER BY h."popularity" DESC, h."created_at" DESC, h."loop_id" LIMIT off + lim
                ) c
            ), counted AS (
                -- At most `cap` of the rarest word's rows are checked: past that the total is a lower bound.
                SELECT count(DISTINCT s."loop_id") FILTER (WHERE s.ok) AS n, count(*) AS hits
                FROM (
                    SELECT h."loop_id", h.ok FROM unnest(d_words) AS m(w)
                    CROSS JOIN LATERAL (SELECT h."loop_id", h.ok FROM hit h WHERE h."word" = m.w OFFSET 0) h
                    LIMIT cap
                ) s
            )
            SELECT (SELECT array_agg(r."id" ORDER BY r.class DESC, r.score DESC, r."popularity" DESC, r."created_at" DESC, r."id") FROM (
                    SELECT l."id", l."popularity", l."created_at",
                        CASE
                            WHEN lower(l."title") = q THEN 6
                            WHEN starts_with(lower(l."title"), q) THEN 5
                            WHEN strpos(' ' || lower(l."title"), ' ' || q) > 0 THEN 4
                            WHEN strpos(lower(l."title"), q) > 0 THEN 3
                            WHEN l."title" %> q THEN 2
                            ELSE 1
                        END AS class,
                        CASE WHEN strpos(lower(l."title"), q) > 0 OR l."title" %> q THEN word_similarity(q, l."title") ELSE 1 END AS score
                    FROM cand CROSS JOIN LATERAL (SELECT * FROM "app"."loops" l WHERE l."id" = cand."loop_id") l
                ) r),
                c.n, c.hits >= cap
            INTO ids, total_loops, loops_capped
            FROM counted c;
        END IF;
    END IF;

    IF ids IS NOT NULL THEN
        -- The loops' page, ranked as before: exact, starts with the query, a word starts with it,
        -- contains it, close (title); else found by tags, description or genre; then popularity.
        SELECT coalesce(json_agg(json_build_object(
            'id', r."id", 'title', r."title", 'genre', json_build_object('id', g."id", 'name', g."name"), 'bpm', r.bpm,
            'price', (r."price_cents" / 100)::TEXT || '.' || lpad((r."price_cents" % 100)::TEXT, 2, '0'), 'isFree', r."is_free",
            'user', json_build_object('id', u."id", 'username', u."username"))
            ORDER BY r.class DESC, r.score DESC, r."popularity" DESC, r."created_at" DESC, r."id"), '[]')
        INTO loops_page
        FROM (
            SELECT l."id", l."title", l."genre_id", COALESCE(l."bpm", l."detected_bpm") AS bpm, l."price_cents", l."is_free", l."user_id",
                l."popularity", l."created_at",
                CASE
                    WHEN lower(l."title") = q THEN 6
                    WHEN starts_with(lower(l."title"), q) THEN 5
                    WHEN strpos(' ' || lower(l."title"), ' ' || q) > 0 THEN 4
                    WHEN strpos(lower(l."title"), q) > 0 THEN 3
                    WHEN l."title" %> q THEN 2
                    ELSE 1
                END AS class,
                CASE WHEN strpos(lower(l."title"), q) > 0 OR l."title" %> q THEN word_similarity(q, l."title") ELSE 1 END AS score
            FROM unnest(ids) AS c(id) CROSS JOIN LATERAL (SELECT * FROM "app"."loops" l WHERE l."id" = c.id) l
            ORDER BY class DESC, score DESC, l."popularity" DESC, l."created_at" DESC, l."id"
            LIMIT lim OFFSET off
        ) r
        JOIN "app"."users" u ON u."id" = r."user_id" JOIN "app"."genres" g ON g."id" = r."genre_id";
    END IF;

    RETURN '{"users":' || users_page::TEXT || ',"loops":' || loops_page::TEXT
        || ',"totalUsers":' || CASE WHEN users_capped THEN GREATEST(total_users, off + json_array_length(users_page) + 1) ELSE total_users END
        || ',"totalLoops":' || CASE WHEN loops_capped THEN GREATEST(total_loops, off + json_array_length(loops_page) + 1) ELSE total_loops END
        || CASE WHEN users_capped THEN ',"totalUsersCapped":true' ELSE '' END
        || CASE WHEN loops_capped THEN ',"totalLoopsCapped":true' ELSE '' END || '}';
END;
$$;

-- The search documents' trigram indexes: GET /api/search reads the vocabulary now (the documents and
-- their triggers stay: search_text tells the trigger above that a loop's words changed).
DROP INDEX IF EXISTS "app"."loops_listed_search_text_idx";
DROP INDEX IF EXISTS "app"."users_search_text_idx";

-- Backfill: every user and loop there is.
SELECT "app"."sync_user_search_words"(ARRAY(SELECT "id" FROM "app"."users"));
SELECT "app"."sync_loop_search_words"(ARRAY(SELECT "id" FROM "app"."loops"));

-- The planner's statistics for the new tables (the searches' plans are chosen once, generic).
ANALYZE "app"."search_words";
ANALYZE "app"."loop_search_words";
ANALYZE "app"."user_search_words";
