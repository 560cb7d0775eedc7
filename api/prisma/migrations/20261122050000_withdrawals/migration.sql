-- Withdrawals of in-app LOOP (issue 5). The amount is held on the user's ledger account (hold_id)
-- in the transaction that inserts the row; completed captures the hold (one 'withdrawal' entry into
-- the platform's clearing account), failed and cancelled release it.
-- pending -> processing | cancelled | failed; processing -> completed | failed; the last three are final.

-- CreateTable
CREATE TABLE "app"."withdrawals" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    -- LOOP in ledger units (10^-8): at least 10 LOOP.
    "amount" BIGINT NOT NULL,
    -- amount / 500 in US cents, rounded half-up (no platform fee: the net amount is the same).
    "usd_cents" BIGINT NOT NULL,
    "method" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "hold_id" UUID NOT NULL,
    -- The payout's transaction id; for method 'loop' the LoopVault.payout transaction hash.
    "transaction_id" TEXT,
    -- For method 'loop': the chain the payout was sent on.
    "payout_chain_id" INTEGER,
    "failure_reason" TEXT,
    -- The request's Idempotency-Key: a retried request finds its withdrawal instead of making another.
    "idempotency_key" TEXT,
    "processed_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    CONSTRAINT "withdrawals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "withdrawals_amount_check" CHECK ("amount" >= 1000000000),
    CONSTRAINT "withdrawals_usd_cents_check" CHECK ("usd_cents" >= 0),
    CONSTRAINT "withdrawals_method_check" CHECK ("method" IN ('crypto_eth', 'crypto_btc', 'crypto_usdc', 'crypto_usdt', 'loop')),
    CONSTRAINT "withdrawals_status_check" CHECK ("status" IN ('pending', 'processing', 'completed', 'failed', 'cancelled')),
    CONSTRAINT "withdrawals_processed_check" CHECK (("status" IN ('completed', 'failed', 'cancelled')) = ("processed_at" IS NOT NULL)),
    CONSTRAINT "withdrawals_completed_check" CHECK ("status" <> 'completed' OR "transaction_id" IS NOT NULL),
    CONSTRAINT "withdrawals_failed_check" CHECK ("status" <> 'failed' OR "failure_reason" IS NOT NULL)
);
CREATE UNIQUE INDEX "withdrawals_hold_id_key" ON "app"."withdrawals"("hold_id");
CREATE UNIQUE INDEX "withdrawals_user_id_idempotency_key_key" ON "app"."withdrawals"("user_id", "idempotency_key");
CREATE INDEX "withdrawals_user_id_created_at_idx" ON "app"."withdrawals"("user_id", "created_at" DESC);
CREATE INDEX "withdrawals_status_created_at_idx" ON "app"."withdrawals"("status", "created_at" DESC);
ALTER TABLE "app"."withdrawals" ADD CONSTRAINT "withdrawals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."withdrawals" ADD CONSTRAINT "withdrawals_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "app"."ledger_holds"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."withdrawals" ADD CONSTRAINT "withdrawals_processed_by_fkey" FOREIGN KEY ("processed_by") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A final withdrawal never changes again (its hold was captured or released exactly once).
CREATE FUNCTION "app"."withdrawals_final"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF OLD."status" IN ('completed', 'failed', 'cancelled') THEN
        RAISE EXCEPTION 'withdrawal % is already %', OLD."id", OLD."status" USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER "withdrawals_final" BEFORE UPDATE ON "app"."withdrawals"
    FOR EACH ROW EXECUTE FUNCTION "app"."withdrawals_final"();
