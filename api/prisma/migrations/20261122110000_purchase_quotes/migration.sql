-- Wallet purchases (issue 7): the EIP-712 quotes the API signs for LoopMarketplace.purchase. The
-- quote's id is the on-chain orderId (its UUID left-padded to bytes32), usable once by the contract;
-- the purchase is recorded when the indexed Purchased event matches the quote (purchase_id set then).
CREATE TABLE "app"."purchase_quotes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "buyer_id" UUID NOT NULL,
    "loop_id" UUID NOT NULL,
    "format" "app"."delivery_format" NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "buyer_address" TEXT NOT NULL,
    "seller_address" TEXT NOT NULL,
    "seller_paid_in_app" BOOLEAN NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL,
    "price_wei" TEXT NOT NULL,
    "fee_wei" TEXT NOT NULL,
    "deadline" TIMESTAMPTZ(3) NOT NULL,
    "tx_hash" TEXT,
    "purchase_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "purchase_quotes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "purchase_quotes_amounts_check" CHECK ("price_cents" > 0 AND "fee_cents" >= 0 AND "price_wei" ~ '^[1-9][0-9]*$' AND "fee_wei" ~ '^[0-9]+$'),
    CONSTRAINT "purchase_quotes_addresses_check" CHECK ("buyer_address" ~ '^0x[0-9a-f]{40}$' AND "seller_address" ~ '^0x[0-9a-f]{40}$'),
    CONSTRAINT "purchase_quotes_tx_hash_check" CHECK ("tx_hash" IS NULL OR "tx_hash" ~ '^0x[0-9a-f]{64}$')
);

CREATE UNIQUE INDEX "purchase_quotes_purchase_id_key" ON "app"."purchase_quotes"("purchase_id");
CREATE INDEX "purchase_quotes_buyer_id_loop_id_format_idx" ON "app"."purchase_quotes"("buyer_id", "loop_id", "format", "created_at" DESC);

ALTER TABLE "app"."purchase_quotes" ADD CONSTRAINT "purchase_quotes_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."purchase_quotes" ADD CONSTRAINT "purchase_quotes_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."purchase_quotes" ADD CONSTRAINT "purchase_quotes_purchase_id_fkey" FOREIGN KEY ("purchase_id") REFERENCES "app"."purchases"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
