-- Card chargebacks after the hold (issue 35, part 5; docs/product.md#sale-hold): a seller's fiat
-- proceeds are held longer until the seller has a history (platform settings new_seller_hold_days,
-- trusted_seller_sales), unless an admin approved the seller or gave them their own hold; a second
-- chargeback on a seller's sales suspends their withdrawals until an admin lifts it; a reversed sale
-- takes back the XP and the level rewards it earned (from promotional LOOP only, never below zero).

-- The admin's per-seller hold: approved (the normal hold, fiat_hold_days) and/or their own days.
ALTER TABLE "app"."users" ADD COLUMN "sale_hold_approved" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "app"."users" ADD COLUMN "sale_hold_days" INTEGER;
ALTER TABLE "app"."users" ADD CONSTRAINT "users_sale_hold_days_check" CHECK ("sale_hold_days" IS NULL OR "sale_hold_days" BETWEEN 0 AND 180);
-- Set by the second chargeback on the member's sales (or an admin); null: withdrawals allowed.
ALTER TABLE "app"."users" ADD COLUMN "withdrawals_suspended_at" TIMESTAMPTZ(3);

-- What a reversed sale took back of a level's reward (promotional LOOP: at most what was paid).
-- A level's reward is paid once ever (key level-reward:<user>:<level>), so one taken back is not paid again.
ALTER TABLE "app"."level_rewards" ADD COLUMN "taken_back_units" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "app"."level_rewards" ADD CONSTRAINT "level_rewards_taken_back_units_check"
    CHECK ("taken_back_units" >= 0 AND "taken_back_units" <= "tokens_awarded");

-- reward_reversal: level rewards taken back by a reversed sale, a member's promotional account → issuance
-- (key xp-reversal:<checkout>:<user>). Every kind of 20261127100000_upload_reward is kept.
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check"
    CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit',
                      'withdrawal', 'vault_deposit', 'correction', 'sale_reversal', 'chargeback_loss', 'promotional_split',
                      'upload_reward', 'reward_reversal'));

-- A seller's reversed fiat sales (their chargebacks, the money health's losses), found by loop.
CREATE INDEX "checkouts_reversed_loop_id_idx" ON "app"."checkouts"("loop_id") WHERE "status" = 'reversed';
