-- Issue 24: likes, collections ("crates") and follows. Every count the pages show is kept on write
-- by a trigger (one UPDATE of the counted row, which serializes concurrent writers, so the count
-- stays exact), never counted on read.

-- ---- Likes ------------------------------------------------------------------------------------

-- AlterTable: the loop's likes, kept by the trigger "loop_likes_count" below.
ALTER TABLE "app"."loops" ADD COLUMN "like_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_like_count_check" CHECK ("like_count" >= 0);

-- CreateTable: one like per member and loop.
CREATE TABLE "app"."loop_likes" (
    "user_id" UUID NOT NULL,
    "loop_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loop_likes_pkey" PRIMARY KEY ("user_id", "loop_id")
);

-- CreateIndex: the member's "Liked" list, the latest liked first (GET /api/likes).
CREATE INDEX "loop_likes_user_id_created_at_loop_id_idx" ON "app"."loop_likes"("user_id", "created_at" DESC, "loop_id");
-- CreateIndex: a deleted loop's likes (the foreign key's cascade).
CREATE INDEX "loop_likes_loop_id_idx" ON "app"."loop_likes"("loop_id");

-- AddForeignKey
ALTER TABLE "app"."loop_likes" ADD CONSTRAINT "loop_likes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."loop_likes" ADD CONSTRAINT "loop_likes_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateFunction: each like added or removed moves the loop's count by one (the loop row's update
-- re-renders its card_json through "loops_zz_card_json").
CREATE FUNCTION "app"."loop_likes_count"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "app"."loops" SET "like_count" = "like_count" + 1 WHERE "id" = NEW."loop_id";
    ELSE
        UPDATE "app"."loops" SET "like_count" = "like_count" - 1 WHERE "id" = OLD."loop_id";
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loop_likes_count" AFTER INSERT OR DELETE ON "app"."loop_likes"
    FOR EACH ROW EXECUTE FUNCTION "app"."loop_likes_count"();

-- CreateIndex: sortBy=likes (same shape as "loops_catalog_popular_idx", migration 20261126160000_catalog_keyset).
CREATE INDEX "loops_catalog_likes_idx" ON "app"."loops"("like_count" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("genre_id", "price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: genres, sortBy=likes (one range per genre, merged, as "loops_catalog_genre_popular_idx").
CREATE INDEX "loops_catalog_genre_likes_idx" ON "app"."loops"("genre_id", "like_count" DESC, "created_at" DESC, "id" DESC)
    INCLUDE ("price_cents", "is_free", "duration_ms", "effective_bpm", "effective_key", "content_type")
    WHERE "status" = 'ready' AND "is_public";

-- CreateIndex: the Following tab (GET /api/loops?following=true): each followed creator's listed
-- loops, newest first, one short range per creator.
CREATE INDEX "loops_listed_user_recent_idx" ON "app"."loops"("user_id", "created_at" DESC, "id" DESC)
    WHERE "status" = 'ready' AND "is_public";

-- ReplaceFunction: the card object of migration 20261126210000_loop_card_json with 'likeCount' and
-- 'likedByMe' (always false here: the viewer's is laid over by the API) after 'canRate', the order
-- of publicLoopView.
CREATE OR REPLACE FUNCTION "app"."loops_card_json"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
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
        'likeCount', NEW."like_count", 'likedByMe', false,
        'user', (SELECT json_build_object('id', u."id", 'username', u."username", 'firstName', u."first_name", 'email', NULL)
                 FROM "app"."users" u WHERE u."id" = NEW."user_id")
    )::text;
    RETURN NEW;
END;
$$;

-- Re-render every loop's card with the new keys (the trigger computes it).
UPDATE "app"."loops" SET "card_json" = '';

-- ---- Follows ----------------------------------------------------------------------------------

-- AlterTable: kept by the trigger "follows_count" below.
ALTER TABLE "app"."users" ADD COLUMN "follower_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "app"."users" ADD COLUMN "following_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "app"."users" ADD CONSTRAINT "users_follow_counts_check" CHECK ("follower_count" >= 0 AND "following_count" >= 0);

-- CreateTable: follower_id follows followee_id.
CREATE TABLE "app"."follows" (
    "follower_id" UUID NOT NULL,
    "followee_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id", "followee_id"),
    CONSTRAINT "follows_not_self_check" CHECK ("follower_id" <> "followee_id")
);

-- CreateIndex: a creator's followers (the new-upload notification; the cascade of a deleted user).
CREATE INDEX "follows_followee_id_created_at_idx" ON "app"."follows"("followee_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "app"."follows" ADD CONSTRAINT "follows_follower_id_fkey" FOREIGN KEY ("follower_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."follows" ADD CONSTRAINT "follows_followee_id_fkey" FOREIGN KEY ("followee_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateFunction: a follow added or removed moves the followee's follower_count and the follower's
-- following_count. The two user rows are locked in id order first, so that A following B while B
-- follows A cannot deadlock. (The columns are not username/first_name: "users_card_json" does not fire.)
CREATE FUNCTION "app"."follows_count"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    v_follower UUID;
    v_followee UUID;
    v_delta INTEGER;
BEGIN
    IF TG_OP = 'INSERT' THEN
        v_follower := NEW."follower_id"; v_followee := NEW."followee_id"; v_delta := 1;
    ELSE
        v_follower := OLD."follower_id"; v_followee := OLD."followee_id"; v_delta := -1;
    END IF;
    PERFORM 1 FROM "app"."users" WHERE "id" IN (v_follower, v_followee) ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "app"."users" SET "follower_count" = "follower_count" + v_delta WHERE "id" = v_followee;
    UPDATE "app"."users" SET "following_count" = "following_count" + v_delta WHERE "id" = v_follower;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "follows_count" AFTER INSERT OR DELETE ON "app"."follows"
    FOR EACH ROW EXECUTE FUNCTION "app"."follows_count"();

-- ---- Collections ------------------------------------------------------------------------------

-- CreateTable: a member's named list of loops; private unless is_public.
CREATE TABLE "app"."collections" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "loop_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "collections_loop_count_check" CHECK ("loop_count" >= 0)
);

-- CreateIndex: the member's own collections, the latest updated first.
CREATE INDEX "collections_user_id_updated_at_idx" ON "app"."collections"("user_id", "updated_at" DESC);
-- CreateIndex: a member's public collections (their profile).
CREATE INDEX "collections_public_user_id_idx" ON "app"."collections"("user_id") WHERE "is_public";

-- CreateTable: the loops of a collection.
CREATE TABLE "app"."collection_loops" (
    "collection_id" UUID NOT NULL,
    "loop_id" UUID NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_loops_pkey" PRIMARY KEY ("collection_id", "loop_id")
);

-- CreateIndex: the collection's page, the latest added first.
CREATE INDEX "collection_loops_collection_id_added_at_loop_id_idx" ON "app"."collection_loops"("collection_id", "added_at" DESC, "loop_id");
-- CreateIndex: a deleted loop's entries (the foreign key's cascade).
CREATE INDEX "collection_loops_loop_id_idx" ON "app"."collection_loops"("loop_id");

-- AddForeignKey
ALTER TABLE "app"."collections" ADD CONSTRAINT "collections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."collection_loops" ADD CONSTRAINT "collection_loops_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "app"."collections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."collection_loops" ADD CONSTRAINT "collection_loops_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateFunction: a loop added to or removed from a collection (also by a deleted loop's cascade)
-- moves its loop_count and its updated_at (the owner's list is the latest updated first).
CREATE FUNCTION "app"."collection_loops_count"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "app"."collections" SET "loop_count" = "loop_count" + 1, "updated_at" = CURRENT_TIMESTAMP WHERE "id" = NEW."collection_id";
    ELSE
        UPDATE "app"."collections" SET "loop_count" = "loop_count" - 1, "updated_at" = CURRENT_TIMESTAMP WHERE "id" = OLD."collection_id";
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "collection_loops_count" AFTER INSERT OR DELETE ON "app"."collection_loops"
    FOR EACH ROW EXECUTE FUNCTION "app"."collection_loops_count"();
