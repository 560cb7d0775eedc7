-- Search documents (GET /api/search) and indexes for the cold catalog's key and BPM filters.
--
-- A loop is found by its title, tags, description and genre name: one text column holds them all,
-- with one trigram index, so that a search is one index condition (ILIKE or word similarity on one
-- column) the planner serves from the index on its own. A user is found by username, first and last
-- name, likewise. Found with scripts/bench/catalog.mjs (100,000 loops, 10,000 users) and EXPLAIN ANALYZE.

-- AlterTable: title, tags, description and genre name of the loop, kept by the triggers below
-- (the genre is another table, so this cannot be a generated column).
ALTER TABLE "app"."loops" ADD COLUMN "search_text" TEXT NOT NULL DEFAULT '';

-- CreateFunction
CREATE FUNCTION "app"."loops_search_text"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    NEW."search_text" := concat_ws(' ', NEW."title", NEW."tags", NEW."description",
        (SELECT g."name" FROM "app"."genres" g WHERE g."id" = NEW."genre_id"));
    RETURN NEW;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_search_text" BEFORE INSERT OR UPDATE OF "title", "tags", "description", "genre_id", "search_text" ON "app"."loops"
    FOR EACH ROW EXECUTE FUNCTION "app"."loops_search_text"();

-- CreateFunction: a renamed genre renames it in its loops' documents.
CREATE FUNCTION "app"."genres_search_text"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "app"."loops" SET "search_text" = '' WHERE "genre_id" = NEW."id";
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "genres_search_text" AFTER UPDATE OF "name" ON "app"."genres"
    FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "app"."genres_search_text"();

-- Backfill (the trigger computes it).
UPDATE "app"."loops" SET "search_text" = '';

-- AlterTable: username, first and last name.
ALTER TABLE "app"."users" ADD COLUMN "search_text" TEXT NOT NULL GENERATED ALWAYS AS (
    "username" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')
) STORED;

-- CreateIndex: ILIKE '%…%' and word similarity (%>) over the listed loops.
CREATE INDEX "loops_listed_search_text_idx" ON "app"."loops" USING GIN ("search_text" gin_trgm_ops) WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: the same over the users who are not banned.
CREATE INDEX "users_search_text_idx" ON "app"."users" USING GIN ("search_text" gin_trgm_ops) WHERE NOT "is_banned";

-- CreateIndex: key=… of GET /api/loops (the creator's key wins over the detected one).
CREATE INDEX "loops_listed_key_idx" ON "app"."loops"((COALESCE("key", "detected_key"))) WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: bpmMin/bpmMax of GET /api/loops.
CREATE INDEX "loops_listed_bpm_idx" ON "app"."loops"((COALESCE("bpm", "detected_bpm"))) WHERE "status" = 'ready' AND "is_public";

-- CreateStatistics: the planner's estimates of how many loops a key or BPM range matches (without
-- them it guesses 0.5 %, and then reads a popular page through the index above and sorts it,
-- ten times slower than walking the sort's own index until the page is full).
CREATE STATISTICS "app"."loops_key_stats" ON (COALESCE("key", "detected_key")) FROM "app"."loops";

-- CreateStatistics
CREATE STATISTICS "app"."loops_bpm_stats" ON (COALESCE("bpm", "detected_bpm")) FROM "app"."loops";
