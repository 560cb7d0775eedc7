-- Escrowed wallet purchases an arbiter refunds on chain (LoopMarketplace.Refunded, issue 7): the
-- purchase is kept for the record but no longer owned (no downloads), and the buyer may buy the
-- loop again, so "one purchase per buyer, loop and format" now counts only purchases not refunded.
ALTER TABLE "app"."purchases" ADD COLUMN "refunded_at" TIMESTAMPTZ(3), ADD COLUMN "refund_ref" TEXT;
ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_refund_check" CHECK (("refunded_at" IS NULL) = ("refund_ref" IS NULL));

DROP INDEX "app"."purchases_buyer_id_loop_id_format_key";
CREATE UNIQUE INDEX "purchases_owned_key" ON "app"."purchases"("buyer_id", "loop_id", "format") WHERE "refunded_at" IS NULL;
CREATE INDEX "purchases_buyer_id_loop_id_format_idx" ON "app"."purchases"("buyer_id", "loop_id", "format");
