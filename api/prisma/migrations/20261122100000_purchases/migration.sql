-- Purchases paid in app (issue 7): the LOOP paid and the ledger entry that moved it (buyer → seller
-- the price, buyer → fees the fee). One purchase per buyer, loop and format (unique index already).
ALTER TABLE "app"."purchases" ADD COLUMN "loop_units" BIGINT, ADD COLUMN "ledger_entry_id" UUID;

CREATE UNIQUE INDEX "purchases_ledger_entry_id_key" ON "app"."purchases"("ledger_entry_id");

ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_ledger_entry_id_fkey" FOREIGN KEY ("ledger_entry_id")
    REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_amounts_check" CHECK ("price_cents" >= 0 AND "fee_cents" >= 0 AND ("loop_units" IS NULL OR "loop_units" > 0));
ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_loop_paid_check" CHECK ("method" <> 'loop' OR ("ledger_entry_id" IS NOT NULL AND "loop_units" IS NOT NULL));
