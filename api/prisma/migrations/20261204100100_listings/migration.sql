-- Issue 37: listings a creator manages.
--
-- Visibility: public (is_public: the catalog, search, profiles), unlisted (reachable by its link and
-- on sale, but listed nowhere) or private (only its creator). `unlisted` is only ever set beside a
-- false is_public, so every query of listed loops ("status = 'ready' AND is_public", with its
-- partial indexes) is unchanged.
ALTER TABLE "app"."loops"
  ADD COLUMN "unlisted" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "removed_at" TIMESTAMPTZ(3),
  ADD COLUMN "files_purged_at" TIMESTAMPTZ(3);
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_unlisted_check" CHECK (NOT ("is_public" AND "unlisted"));
-- Taken down: when, and (once no buyer holds it) when its files were deleted from storage.
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_removed_check" CHECK (("status" = 'removed') = ("removed_at" IS NOT NULL));
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_files_purged_check" CHECK ("files_purged_at" IS NULL OR "status" = 'removed');
-- The loops whose files may still have to be deleted (the worker's sweep).
CREATE INDEX "loops_removed_unpurged_idx" ON "app"."loops"("removed_at") WHERE "status" = 'removed' AND "files_purged_at" IS NULL;

-- A loop's history as its creator sees it: who changed which listing field, when, from what to what
-- (prices in cents, as text). Written in the transaction of the change.
CREATE TABLE "app"."loop_changes" (
    "id" BIGSERIAL NOT NULL,
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "from_value" TEXT,
    "to_value" TEXT,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "loop_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "loop_changes_loop_id_changed_at_idx" ON "app"."loop_changes"("loop_id", "changed_at" DESC, "id" DESC);
ALTER TABLE "app"."loop_changes" ADD CONSTRAINT "loop_changes_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."loop_changes" ADD CONSTRAINT "loop_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A loop taken down within 30 days of its upload reward gives the reward back ('deleted'), as a
-- deleted row would (migration 20261202130100_upload_reward_conditions): the same function, with
-- the taking down first.
CREATE OR REPLACE FUNCTION "app"."upload_rewards_return_on_change"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    v_min INTEGER;
BEGIN
    IF NEW."status" = 'removed' AND OLD."status" <> 'removed' THEN
        PERFORM "app"."upload_reward_return"(NEW."id", NEW."title", 'deleted');
    ELSIF NEW."status" = 'hidden' AND OLD."status" <> 'hidden' THEN
        PERFORM "app"."upload_reward_return"(NEW."id", NEW."title", 'hidden');
    ELSIF OLD."is_public" AND NOT NEW."is_public" THEN
        PERFORM "app"."upload_reward_return"(NEW."id", NEW."title", 'private');
    ELSIF NEW."is_free" AND NOT OLD."is_free" THEN
        PERFORM "app"."upload_reward_return"(NEW."id", NEW."title", 'free');
    ELSE
        SELECT "upload_reward_min_price_cents" INTO v_min FROM "app"."platform_settings" WHERE "id";
        IF NEW."price_cents" < COALESCE(v_min, 100) THEN
            PERFORM "app"."upload_reward_return"(NEW."id", NEW."title", 'below_min_price');
        END IF;
    END IF;
    RETURN NULL;
END;
$$;
DROP TRIGGER "loops_upload_reward_return" ON "app"."loops";
CREATE TRIGGER "loops_upload_reward_return" AFTER UPDATE OF "status", "is_public", "is_free", "price_cents" ON "app"."loops"
    FOR EACH ROW WHEN ((NEW."status" IN ('hidden', 'removed') AND OLD."status" <> NEW."status") OR (OLD."is_public" AND NOT NEW."is_public")
                       OR (NEW."is_free" AND NOT OLD."is_free") OR NEW."price_cents" < OLD."price_cents")
    EXECUTE FUNCTION "app"."upload_rewards_return_on_change"();
