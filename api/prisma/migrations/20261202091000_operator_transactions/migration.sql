-- One nonce authority per operator key and chain (issue 35). Every operator transaction other than
-- a payout (payouts keep payout_attempts: offer settlements, dispute-window changes) is signed with
-- a nonce chosen under the operator's advisory lock, one past every stored transaction the chain has
-- not decided (here and in payout_attempts), and stored before it is broadcast; a reconciler sends
-- again what the chain has not decided, so no sender's stored transaction is invalidated by another's
-- and a crash between storing and sending leaves no gap in the operator's nonces.
CREATE TABLE "app"."operator_transactions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chain_id" INTEGER NOT NULL,
    -- The operator address that signed it (whose nonce it uses), lower case.
    "sender" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    -- What it does: offer_settlement | dispute_window.
    "purpose" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "raw_tx" TEXT NOT NULL,
    -- null while the chain has not decided; success | reverted | dropped once it has.
    "outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    CONSTRAINT "operator_transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operator_transactions_tx_hash_key" UNIQUE ("tx_hash"),
    CONSTRAINT "operator_transactions_purpose_check" CHECK ("purpose" IN ('offer_settlement', 'dispute_window')),
    CONSTRAINT "operator_transactions_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('success', 'reverted', 'dropped'))
);
-- The nonce authority and the reconciler read only the undecided ones.
CREATE INDEX "operator_transactions_undecided_idx" ON "app"."operator_transactions" ("chain_id", "sender", "nonce") WHERE "outcome" IS NULL;
CREATE INDEX "payout_attempts_undecided_nonce_idx" ON "app"."payout_attempts" ("chain_id", "sender", "nonce") WHERE "outcome" IS NULL;
