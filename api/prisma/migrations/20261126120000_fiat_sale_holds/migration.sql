-- Money safety for card and PayPal sales (issue 17): the seller's proceeds of a fiat sale are
-- credited but held until a release time (a platform setting, default 7 days), and a chargeback or
-- refund reported by the provider revokes the purchase: inside the hold the held proceeds go back,
-- after it the platform books the loss in an account of its own.

-- How long fiat sale proceeds are held (whole days; 0 = available at once). New sales only.
ALTER TABLE "app"."platform_settings" ADD COLUMN "fiat_hold_days" INTEGER NOT NULL DEFAULT 7;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_fiat_hold_days_check" CHECK ("fiat_hold_days" BETWEEN 0 AND 180);

-- A timed hold: released by the API's job once release_at has passed (NULL: released by whoever
-- placed it, as withdrawals and offers do). Only open timed holds are indexed, for the job.
ALTER TABLE "app"."ledger_holds" ADD COLUMN "release_at" TIMESTAMPTZ(3);
CREATE INDEX "ledger_holds_release_at_idx" ON "app"."ledger_holds"("release_at") WHERE "state" = 'open' AND "release_at" IS NOT NULL;

-- The platform account of fiat payments reversed after their proceeds became the seller's.
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check"
    CHECK ("kind" IN ('user', 'issuance', 'fees', 'vault', 'clearing', 'chargeback_losses'));
-- sale_reversal: a reversed fiat sale's held proceeds and fee go back to clearing.
-- chargeback_loss: a fiat sale reversed after its hold, booked as the platform's loss.
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check"
    CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit',
                      'withdrawal', 'vault_deposit', 'correction', 'sale_reversal', 'chargeback_loss'));

-- The checkout keeps its proceeds' hold and, once the provider reported a refund or a chargeback,
-- the reversal: when, the provider's reference (dispute, refund), why, the entry, and whether the
-- held proceeds went back ('returned') or the platform bore it ('loss'). A reversed checkout keeps
-- its purchase (revoked: refunded_at set), so the completed check now covers both states.
ALTER TABLE "app"."checkouts"
    ADD COLUMN "proceeds_hold_id" UUID,
    ADD COLUMN "reversed_at" TIMESTAMPTZ(3),
    ADD COLUMN "reversal_ref" TEXT,
    ADD COLUMN "reversal_reason" TEXT,
    ADD COLUMN "reversal_outcome" TEXT,
    ADD COLUMN "reversal_entry_id" UUID;
ALTER TABLE "app"."checkouts" DROP CONSTRAINT "checkouts_status_check";
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK ("status" IN ('open', 'pending', 'completed', 'failed', 'refunded', 'reversed'));
ALTER TABLE "app"."checkouts" DROP CONSTRAINT "checkouts_completed_check";
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_completed_check" CHECK (("status" IN ('completed', 'reversed')) = ("purchase_id" IS NOT NULL));
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_reversal_check" CHECK (
    ("status" = 'reversed') = ("reversed_at" IS NOT NULL)
    AND ("reversed_at" IS NULL) = ("reversal_ref" IS NULL)
    AND ("reversed_at" IS NULL) = ("reversal_reason" IS NULL)
    AND ("reversed_at" IS NULL) = ("reversal_outcome" IS NULL)
    AND ("reversed_at" IS NULL) = ("reversal_entry_id" IS NULL)
    AND ("reversal_reason" IS NULL OR "reversal_reason" IN ('refund', 'dispute'))
    AND ("reversal_outcome" IS NULL OR "reversal_outcome" IN ('returned', 'loss'))
);
CREATE UNIQUE INDEX "checkouts_proceeds_hold_id_key" ON "app"."checkouts"("proceeds_hold_id");
CREATE UNIQUE INDEX "checkouts_reversal_entry_id_key" ON "app"."checkouts"("reversal_entry_id");
-- Reversal events name the payment (Stripe charge, PayPal capture), not our checkout.
CREATE INDEX "checkouts_provider_payment_ref_idx" ON "app"."checkouts"("provider", "payment_ref");
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_proceeds_hold_id_fkey" FOREIGN KEY ("proceeds_hold_id") REFERENCES "app"."ledger_holds"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_reversal_entry_id_fkey" FOREIGN KEY ("reversal_entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
