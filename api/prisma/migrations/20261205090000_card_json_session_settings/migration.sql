-- ReplaceFunction: the card object of migration 20261130090000_likes_collections_follows, written the
-- same whatever the writing session's settings (issue 38 §2; api/test/loop-card-json.test.ts holds it
-- to publicLoopView, the card's one source): 'releaseDate' by to_char (a date's text follows
-- DateStyle: '20/07/1969' under 'SQL, DMY'), 'averageRating' in numeric (a float8's text follows
-- extra_float_digits). The value is unchanged: round() of a numeric rounds halves up, as Math.round
-- does for these positive averages, and numeric is exact where float8 was close enough.
CREATE OR REPLACE FUNCTION "app"."loops_card_json"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    NEW."card_json" := json_build_object(
        'id', NEW."id", 'title', NEW."title", 'description', NEW."description",
        'price', (NEW."price_cents" / 100)::text || '.' || lpad((NEW."price_cents" % 100)::text, 2, '0'), 'isFree', NEW."is_free",
        'duration', trim_scale(NEW."duration_ms"::numeric / 1000), 'genreId', NEW."genre_id",
        'genre', json_build_object('id', NEW."genre_id", 'name', (SELECT g."name" FROM "app"."genres" g WHERE g."id" = NEW."genre_id")),
        'tags', NEW."tags", 'contentType', NEW."content_type", 'artistName', NEW."artist_name", 'albumName', NEW."album_name",
        'releaseDate', to_char(NEW."release_date", 'YYYY-MM-DD'), 'lyrics', NEW."lyrics", 'isPublic', NEW."is_public", 'status', NEW."status",
        'downloadCount', NEW."download_count", 'createdAt', to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'isPurchased', false, 'purchasedFormats', '[]'::json, 'bpm', COALESCE(NEW."bpm", NEW."detected_bpm"), 'key', COALESCE(NEW."key", NEW."detected_key"),
        'audioFileUrl', CASE WHEN NEW."preview_key" IS NOT NULL THEN '/api/loops/' || NEW."id" || '/preview' END,
        'peaksUrl', CASE WHEN NEW."peaks_key" IS NOT NULL THEN '/api/loops/' || NEW."id" || '/peaks' END,
        'mp3Kbps', CASE WHEN NEW."mp3_key" IS NOT NULL THEN NEW."mp3_kbps" END,
        'averageRating', CASE WHEN NEW."rating_count" > 0 THEN trim_scale(round(NEW."rating_sum" * 10::numeric / NEW."rating_count") / 10) END,
        'totalRatings', NEW."rating_count", 'myRating', NULL, 'canRate', false,
        'likeCount', NEW."like_count", 'likedByMe', false,
        'user', (SELECT json_build_object('id', u."id", 'username', u."username", 'firstName', u."first_name", 'email', NULL)
                 FROM "app"."users" u WHERE u."id" = NEW."user_id")
    )::text;
    RETURN NEW;
END;
$$;

-- Re-render the cards that hold a release date (the trigger computes it): one written by a session
-- with another DateStyle holds it in that style. The averages' values do not change.
UPDATE "app"."loops" SET "card_json" = '' WHERE "release_date" IS NOT NULL;
