-- Issue 19, GET /api/loops without its cache (third pass): each loop's public JSON object, as the
-- catalog page lists it (catalog-query.ts), rendered once per write instead of on every page read.
-- A page was ~220 buffers and most of its Postgres CPU building 24 objects from the loop, its genre
-- and its creator; now it reads the 24 rows' "card_json" and concatenates them.
--
-- The object is recomputed from the whole row on every INSERT and UPDATE of the loop (whatever
-- column changed: counts, ratings, status, files...), so it cannot go stale through the loop; the
-- two other tables it shows (the genre's name, the creator's username and first name) refresh their
-- loops when those change. It never has a viewer's fields (they are constants here: isPurchased
-- false, myRating null...); a signed-in viewer's are laid over it by the API as before.

-- AlterTable: kept by the trigger below (whatever is written here is replaced). STORAGE MAIN: kept
-- inline and uncompressed as long as the row fits (other columns are compressed or moved out
-- first), so reading a page's cards reads no TOAST.
ALTER TABLE "app"."loops" ADD COLUMN "card_json" TEXT NOT NULL DEFAULT '';
ALTER TABLE "app"."loops" ALTER COLUMN "card_json" SET STORAGE MAIN;

-- CreateFunction: the exact object of the page's former json_build_object (same keys, order and
-- formatting). The generated columns are not computed yet in a BEFORE trigger: their expressions
-- are written out (effective BPM and key).
CREATE FUNCTION "app"."loops_card_json"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    NEW."card_json" := json_build_object(
        'id', NEW."id", 'title', NEW."title", 'description', NEW."description",
        'price', (NEW."price_cents" / 100)::text || '.' || lpad((NEW."price_cents" % 100)::text, 2, '0'), 'isFree', NEW."is_free",
        'duration', trim_scale(NEW."duration_ms"::numeric / 1000), 'genreId', NEW."genre_id",
        'genre', json_build_object('id', NEW."genre_id", 'name', (SELECT g."name" FROM "app"."genres" g WHERE g."id" = NEW."genre_id")),
        'tags', NEW."tags", 'contentType', NEW."content_type", 'artistName', NEW."artist_name", 'albumName', NEW."album_name",
        'releaseDate', NEW."release_date"::text, 'lyrics', NEW."lyrics", 'isPublic', NEW."is_public", 'status', NEW."status",
        'downloadCount', NEW."download_count", 'createdAt', to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'isPurchased', false, 'purchasedFormats', '[]'::json, 'bpm', COALESCE(NEW."bpm", NEW."detected_bpm"), 'key', COALESCE(NEW."key", NEW."detected_key"),
        'audioFileUrl', CASE WHEN NEW."preview_key" IS NOT NULL THEN '/api/loops/' || NEW."id" || '/preview' END,
        'peaksUrl', CASE WHEN NEW."peaks_key" IS NOT NULL THEN '/api/loops/' || NEW."id" || '/peaks' END,
        'mp3Kbps', CASE WHEN NEW."mp3_key" IS NOT NULL THEN NEW."mp3_kbps" END,
        'averageRating', CASE WHEN NEW."rating_count" > 0 THEN floor((NEW."rating_sum" * 10)::float8 / NEW."rating_count" + 0.5) / 10 END,
        'totalRatings', NEW."rating_count", 'myRating', NULL, 'canRate', false,
        'user', (SELECT json_build_object('id', u."id", 'username', u."username", 'firstName', u."first_name", 'email', NULL)
                 FROM "app"."users" u WHERE u."id" = NEW."user_id")
    )::text;
    RETURN NEW;
END;
$$;

-- CreateTrigger: BEFORE triggers run in name order; "zz" makes this one the last, so it sees the
-- row as every other trigger left it.
CREATE TRIGGER "loops_zz_card_json" BEFORE INSERT OR UPDATE ON "app"."loops"
    FOR EACH ROW EXECUTE FUNCTION "app"."loops_card_json"();

-- CreateFunction: a renamed genre, or a creator's new username or first name, re-renders their
-- loops (any update of the loop does).
CREATE FUNCTION "app"."genres_card_json"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "app"."loops" SET "card_json" = '' WHERE "genre_id" = NEW."id";
    RETURN NULL;
END;
$$;

CREATE TRIGGER "genres_card_json" AFTER UPDATE OF "name" ON "app"."genres"
    FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "app"."genres_card_json"();

CREATE FUNCTION "app"."users_card_json"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "app"."loops" SET "card_json" = '' WHERE "user_id" = NEW."id";
    RETURN NULL;
END;
$$;

CREATE TRIGGER "users_card_json" AFTER UPDATE OF "username", "first_name" ON "app"."users"
    FOR EACH ROW WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."first_name" IS DISTINCT FROM NEW."first_name")
    EXECUTE FUNCTION "app"."users_card_json"();

-- Backfill (the trigger computes it).
UPDATE "app"."loops" SET "card_json" = '';
