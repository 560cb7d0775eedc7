-- The upload reward (issue 22; docs/decisions.md "Issue 22 — upload reward"): 500 promotional LOOP
-- (issuance → the member's 'user_promo' account, like the welcome bonus and level rewards) for a
-- member's upload that passed processing and moderation. There is no moderation queue (admins hide
-- loops and ban members after the fact), so a loop qualifies once it has stayed listed — processed,
-- public, not hidden — for a window (24 h, UPLOAD_REWARD_WINDOW_MS) with its creator not banned;
-- a background sweep (api/src/features/upload-rewards) then decides it once: rewarded, or not and
-- why. Paid loops only; at most 5 rewarded per member per UTC day of going live; not a loop whose
-- original file is byte for byte an earlier loop's.

-- SHA-256 of the uploaded original, computed while it is stored (receive-upload.ts). Null for loops
-- uploaded before this migration (their bytes were never hashed).
ALTER TABLE "app"."loops" ADD COLUMN "original_sha256" BYTEA;
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_original_sha256_check" CHECK ("original_sha256" IS NULL OR octet_length("original_sha256") = 32);
-- "Is there an earlier loop with these bytes?" (the duplicate rule).
CREATE INDEX "loops_original_sha256_idx" ON "app"."loops"("original_sha256", "created_at", "id") WHERE "original_sha256" IS NOT NULL;

-- upload_reward: the reward's ledger entry, key upload-reward:<loop id> (once per loop).
-- Every kind of 20261126140000_promotional_loop is kept.
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check"
    CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit',
                      'withdrawal', 'vault_deposit', 'correction', 'sale_reversal', 'chargeback_loss', 'promotional_split',
                      'upload_reward'));

-- One row per member upload made since this migration (written with the loop, upload path only:
-- the demo catalog and older loops have none, so they are never considered). 'waiting' until the
-- sweep or a trigger below decides it, once:
--   rewarded  — paid (entry_id);
--   failed    — processing failed;
--   removed   — hidden by a moderator before it was decided;
--   banned    — its creator was banned before it was decided;
--   free      — free at the end of its window (free loops earn nothing);
--   duplicate — its original is byte for byte an earlier loop's (failed ones aside);
--   daily_cap — its creator already had 5 rewarded loops that went live that UTC day.
-- listed_since: when the loop last became listed (ready and public); null while it is not. The
-- window runs from it, so a loop made private restarts its window when it is listed again.
CREATE TABLE "app"."upload_rewards" (
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "listed_since" TIMESTAMPTZ(3),
    -- The UTC day the loop went live (listed_since's), set when decided: the daily cap counts by it.
    "live_day" DATE,
    "entry_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "upload_rewards_pkey" PRIMARY KEY ("loop_id"),
    CONSTRAINT "upload_rewards_status_check" CHECK ("status" IN ('waiting', 'rewarded', 'failed', 'removed', 'banned', 'free', 'duplicate', 'daily_cap')),
    CONSTRAINT "upload_rewards_entry_check" CHECK (("status" = 'rewarded') = ("entry_id" IS NOT NULL)),
    CONSTRAINT "upload_rewards_decided_check" CHECK (("status" = 'waiting') = ("decided_at" IS NULL))
);
CREATE UNIQUE INDEX "upload_rewards_entry_id_key" ON "app"."upload_rewards"("entry_id");
-- The sweep's work: waiting loops whose window has passed, oldest first.
CREATE INDEX "upload_rewards_due_idx" ON "app"."upload_rewards"("listed_since") WHERE "status" = 'waiting' AND "listed_since" IS NOT NULL;
-- A ban's waiting loops.
CREATE INDEX "upload_rewards_waiting_user_idx" ON "app"."upload_rewards"("user_id") WHERE "status" = 'waiting';
-- The daily cap: a member's rewarded loops of one day.
CREATE INDEX "upload_rewards_user_day_idx" ON "app"."upload_rewards"("user_id", "live_day") WHERE "status" = 'rewarded';
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."upload_rewards" ADD CONSTRAINT "upload_rewards_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The loop's status and visibility drive its waiting row, whatever path changes them (the worker,
-- admin moderation, the creator's edit): processed and public starts the window; private or
-- unprocessed stops it; hidden by a moderator or failed decides it (never rewarded).
CREATE FUNCTION "app"."upload_rewards_follow_loop"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF NEW."status" IN ('hidden', 'failed') THEN
        UPDATE "app"."upload_rewards"
           SET "status" = CASE WHEN NEW."status" = 'hidden' THEN 'removed' ELSE 'failed' END, "decided_at" = CURRENT_TIMESTAMP
         WHERE "loop_id" = NEW."id" AND "status" = 'waiting';
    ELSIF NEW."status" = 'ready' AND NEW."is_public" THEN
        UPDATE "app"."upload_rewards" SET "listed_since" = CURRENT_TIMESTAMP
         WHERE "loop_id" = NEW."id" AND "status" = 'waiting' AND "listed_since" IS NULL;
    ELSE
        UPDATE "app"."upload_rewards" SET "listed_since" = NULL
         WHERE "loop_id" = NEW."id" AND "status" = 'waiting' AND "listed_since" IS NOT NULL;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER "loops_upload_reward" AFTER UPDATE OF "status", "is_public" ON "app"."loops"
    FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."is_public" IS DISTINCT FROM NEW."is_public")
    EXECUTE FUNCTION "app"."upload_rewards_follow_loop"();

-- A ban decides every waiting loop of the member (never rewarded, even if unbanned later).
CREATE FUNCTION "app"."upload_rewards_follow_ban"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "app"."upload_rewards" SET "status" = 'banned', "decided_at" = CURRENT_TIMESTAMP
     WHERE "user_id" = NEW."id" AND "status" = 'waiting';
    RETURN NULL;
END;
$$;
CREATE TRIGGER "users_upload_reward_ban" AFTER UPDATE OF "is_banned" ON "app"."users"
    FOR EACH ROW WHEN (NEW."is_banned" AND NOT OLD."is_banned")
    EXECUTE FUNCTION "app"."upload_rewards_follow_ban"();
