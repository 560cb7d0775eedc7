-- LOOP payouts are committed before they are broadcast (issue 17): the withdrawal becomes
-- `processing` (its payout intent) in one transaction, each signed LoopVault.payout transaction is
-- stored before it is sent, and the chain decides the outcome. A payout whose outcome the API did
-- not see (a crash, an RPC failure, a receipt that never came) is settled by the reconciler.

-- Who is working on the payout until when: the sending request, or a reconciler (one replica at a time).
ALTER TABLE "app"."withdrawals" ADD COLUMN "payout_lease_until" TIMESTAMPTZ(3);
-- Why the last payout attempt did not pay (shown to admins; the withdrawal is pending again).
ALTER TABLE "app"."withdrawals" ADD COLUMN "payout_error" TEXT;

-- Every signed payout transaction, stored before it is broadcast: a restart re-sends the same
-- signed transaction (same nonce) rather than a new one, and a new one is signed only once the
-- chain proves the old one can never be mined.
CREATE TABLE "app"."payout_attempts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "withdrawal_id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    -- The operator address that signed it (whose nonce it uses).
    "sender" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "raw_tx" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    -- null while the chain has not decided; mined | reverted | dropped once it has.
    "outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    CONSTRAINT "payout_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payout_attempts_tx_hash_key" UNIQUE ("tx_hash"),
    CONSTRAINT "payout_attempts_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('mined', 'reverted', 'dropped')),
    CONSTRAINT "payout_attempts_withdrawal_id_fkey" FOREIGN KEY ("withdrawal_id") REFERENCES "app"."withdrawals"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE INDEX "payout_attempts_withdrawal_id_created_at_idx" ON "app"."payout_attempts" ("withdrawal_id", "created_at" DESC);

-- The reconciler's queue: LOOP withdrawals whose payout was started and whose outcome is unknown.
CREATE INDEX "withdrawals_payout_unresolved_idx" ON "app"."withdrawals" ("payout_lease_until")
    WHERE "method" = 'loop' AND "status" = 'processing' AND "transaction_id" IS NULL;
