-- Issue 35 (part 4): an upload reward a script cannot farm. Besides new sound (the fingerprints of
-- 20261202130000_loop_fingerprints), a reward needs a price of at least the platform setting
-- upload_reward_min_price_cents (20261202090000_abuse_settings) and a creator who can be reached (a
-- confirmed e-mail, or a linked wallet that has received LOOP on chain), decided by the sweep at the
-- end of the loop's window (api/src/features/upload-rewards). And a reward is given back when its loop
-- leaves sale within 30 days of it: new decisions of an upload_rewards row —
--   below_min_price — priced under the minimum at the end of its window;
--   unreachable     — its creator has no confirmed e-mail and the linked wallet (if any) never received LOOP;
--   returned        — rewarded, then within 30 days hidden by a moderator, made private, made free or
--                     priced below the minimum, or deleted: what is left of the reward in the creator's
--                     promotional balance (at most the reward, never below zero, holds untouched) went back
--                     to issuance — one 'upload_reward_return' entry, key upload-reward-return:<loop id> —
--                     and the creator got an "Upload Reward Returned" notification. Once: the row is final.

ALTER TABLE "app"."upload_rewards" ADD COLUMN "return_reason" TEXT;
ALTER TABLE "app"."upload_rewards" ADD COLUMN "returned_at" TIMESTAMPTZ(3);
-- Ledger units taken back (0 when the promotional LOOP had been spent); its entry when more than 0.
ALTER TABLE "app"."upload_rewards" ADD COLUMN "returned_units" BIGINT;
ALTER TABLE "app"."upload_rewards" ADD COLUMN "return_entry_id" UUID;

ALTER TABLE "app"."upload_rewards" DROP CONSTRAINT "upload_rewards_status_check";
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_status_check"
    CHECK ("status" IN ('waiting', 'rewarded', 'failed', 'removed', 'banned', 'free', 'duplicate', 'daily_cap', 'below_min_price',
                        'unreachable', 'returned'));
-- A returned reward keeps the entry that paid it.
ALTER TABLE "app"."upload_rewards" DROP CONSTRAINT "upload_rewards_entry_check";
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_entry_check" CHECK (("status" IN ('rewarded', 'returned')) = ("entry_id" IS NOT NULL));
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_return_check" CHECK (
    ("status" = 'returned') = ("returned_at" IS NOT NULL)
    AND ("returned_at" IS NULL) = ("return_reason" IS NULL)
    AND ("returned_at" IS NULL) = ("returned_units" IS NULL)
    AND (COALESCE("returned_units", 0) > 0) = ("return_entry_id" IS NOT NULL)
    AND ("return_reason" IS NULL OR "return_reason" IN ('hidden', 'private', 'free', 'below_min_price', 'deleted'))
    AND ("returned_units" IS NULL OR "returned_units" >= 0));
CREATE UNIQUE INDEX "upload_rewards_return_entry_id_key" ON "app"."upload_rewards"("return_entry_id");
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_return_entry_id_fkey" FOREIGN KEY ("return_entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The daily cap counts the rewards paid that day, returned ones included (a loop taken down does not make room for another).
DROP INDEX "app"."upload_rewards_user_day_idx";
CREATE INDEX "upload_rewards_user_day_idx" ON "app"."upload_rewards"("user_id", "live_day") WHERE "status" IN ('rewarded', 'returned');

-- The row outlives its loop: a deleted loop's reward stays recorded with its entries (ledger:check
-- matches every upload_reward entry to its row).
ALTER TABLE "app"."upload_rewards" DROP CONSTRAINT "upload_rewards_loop_id_fkey";

-- upload_reward_return: promotional LOOP of a returned reward, the member's promotional account → issuance.
-- Every kind of 20261202120000_chargeback_risk is kept.
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check"
    CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit',
                      'withdrawal', 'vault_deposit', 'correction', 'sale_reversal', 'chargeback_loss', 'promotional_split',
                      'upload_reward', 'reward_reversal', 'upload_reward_return'));

-- Gives back the reward of loop p_loop_id (titled p_title) for p_reason, if it was paid less than 30
-- days ago and not given back already. The texts are rules/src/upload-reward.ts's (the tests compare them).
CREATE FUNCTION "app"."upload_reward_return"(p_loop_id UUID, p_title TEXT, p_reason TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    v_user UUID;
    v_entry UUID;
    v_promo UUID;
    v_issuance UUID;
    v_granted BIGINT;
    v_units BIGINT;
    v_return UUID;
    v_why TEXT;
BEGIN
    -- The row decides it once (a concurrent return waits for this one, then finds it returned).
    UPDATE "app"."upload_rewards"
       SET "status" = 'returned', "return_reason" = p_reason, "returned_at" = CURRENT_TIMESTAMP, "returned_units" = 0
     WHERE "loop_id" = p_loop_id AND "status" = 'rewarded' AND "decided_at" > CURRENT_TIMESTAMP - INTERVAL '30 days'
     RETURNING "user_id", "entry_id" INTO v_user, v_entry;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    -- The accounts the reward was paid between (ledger:check holds them to be the creator's promotional one and issuance).
    SELECT p."account_id", p."amount" INTO v_promo, v_granted FROM "app"."ledger_postings" p WHERE p."entry_id" = v_entry AND p."amount" > 0;
    SELECT p."account_id" INTO v_issuance FROM "app"."ledger_postings" p WHERE p."entry_id" = v_entry AND p."amount" < 0;
    -- Locked in id order (the ledger's order) before the balance is read: what is left of the promotional LOOP, not held by an offer.
    PERFORM 1 FROM "app"."ledger_accounts" WHERE "id" IN (v_promo, v_issuance) ORDER BY "id" FOR UPDATE;
    SELECT LEAST(v_granted, GREATEST("balance" - "held", 0)) INTO v_units FROM "app"."ledger_accounts" WHERE "id" = v_promo;
    IF v_units > 0 THEN
        SELECT r."entry_id" INTO v_return FROM "app"."ledger_post"('upload-reward-return:' || p_loop_id, 'upload_reward_return',
            'Upload reward returned: ' || p_title, ARRAY[v_promo, v_issuance], ARRAY[-v_units, v_units]) r;
        UPDATE "app"."upload_rewards" SET "returned_units" = v_units, "return_entry_id" = v_return WHERE "loop_id" = p_loop_id;
    END IF;
    v_why := CASE p_reason
        WHEN 'hidden' THEN 'was hidden by a moderator'
        WHEN 'private' THEN 'was made private'
        WHEN 'free' THEN 'was made free'
        WHEN 'below_min_price' THEN 'was priced below the upload reward''s minimum'
        ELSE 'was deleted' END;
    INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text")
    SELECT v_user, 'warning', 'Upload Reward Returned',
        'Upload reward returned: ' || p_title || ' ' || v_why || ' within 30 days of its reward'
            || CASE WHEN v_units > 0 THEN ', so ' || trim_scale(v_units::NUMERIC / 100000000)::TEXT || ' promotional LOOP went back.'
                    ELSE '; its promotional LOOP was already spent, so nothing was taken.' END,
        '/tokens', 'View Tokens'
    WHERE EXISTS (SELECT 1 FROM "app"."users" WHERE "id" = v_user);
END;
$$;

-- A loop leaves sale, whatever path changed it (the creator's edit, an admin's switch or moderation):
-- its reward, if recent, goes back.
CREATE FUNCTION "app"."upload_rewards_return_on_change"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    v_min INTEGER;
BEGIN
    IF NEW."status" = 'hidden' AND OLD."status" <> 'hidden' THEN
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
CREATE TRIGGER "loops_upload_reward_return" AFTER UPDATE OF "status", "is_public", "is_free", "price_cents" ON "app"."loops"
    FOR EACH ROW WHEN ((NEW."status" = 'hidden' AND OLD."status" <> 'hidden') OR (OLD."is_public" AND NOT NEW."is_public")
                       OR (NEW."is_free" AND NOT OLD."is_free") OR NEW."price_cents" < OLD."price_cents")
    EXECUTE FUNCTION "app"."upload_rewards_return_on_change"();

-- A deleted loop (no path of the app deletes one today; any that does): its recent reward goes back,
-- and a waiting one is decided 'removed'.
CREATE FUNCTION "app"."upload_rewards_follow_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "app"."upload_reward_return"(OLD."id", OLD."title", 'deleted');
    UPDATE "app"."upload_rewards" SET "status" = 'removed', "decided_at" = CURRENT_TIMESTAMP WHERE "loop_id" = OLD."id" AND "status" = 'waiting';
    RETURN OLD;
END;
$$;
CREATE TRIGGER "loops_upload_reward_delete" BEFORE DELETE ON "app"."loops"
    FOR EACH ROW EXECUTE FUNCTION "app"."upload_rewards_follow_delete"();
