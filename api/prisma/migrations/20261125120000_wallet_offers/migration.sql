-- Wallet-funded offers (issue 8): the offer's amount and fee sit in LoopMarketplace's escrow instead of
-- an in-app hold. The negotiation is created from the indexed OfferOpened event (chain_offer_id); the
-- operator's settleOffer carries out the answers (settling: the answer on its way to the chain).
ALTER TABLE "app"."negotiations"
    ADD COLUMN "funding" TEXT NOT NULL DEFAULT 'app',
    ADD COLUMN "chain_id" INTEGER,
    ADD COLUMN "chain_offer_id" TEXT,
    ADD COLUMN "buyer_address" TEXT,
    ADD COLUMN "seller_address" TEXT,
    ADD COLUMN "settling" TEXT,
    ADD COLUMN "settle_tx" TEXT;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_funding_check" CHECK (
    ("funding" = 'app' AND "chain_offer_id" IS NULL AND "settling" IS NULL)
    OR ("funding" = 'wallet' AND "hold_id" IS NULL AND "chain_id" IS NOT NULL AND "chain_offer_id" ~ '^[1-9][0-9]*$'
        AND "buyer_address" ~ '^0x[0-9a-f]{40}$' AND "seller_address" ~ '^0x[0-9a-f]{40}$'));
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_settling_check" CHECK ("settling" IS NULL OR "settling" IN ('accept', 'reject', 'withdraw'));
CREATE UNIQUE INDEX "negotiations_chain_offer_key" ON "app"."negotiations"("chain_id", "chain_offer_id");
