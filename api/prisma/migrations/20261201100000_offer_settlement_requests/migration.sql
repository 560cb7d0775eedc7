-- Operator settlements of wallet offers that the settlement itself asks for (issue 35): a refusal of
-- an offer the app will not take from a member, a counter the buyer accepted on chain. The
-- settlement pass only records the request, in the transaction that applies the event, and never
-- waits for a transaction; the sender (settlement-worker.ts) sends each one on its own loop, so
-- one slow chain answer or a flood of offers does not hold up deposits, purchases and payouts.
-- One request per offer; done_at is set once the chain has settled the offer (by this request or
-- by anything else: a reclaim, an answer sent another way).
CREATE TABLE "app"."offer_settlement_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chain_id" INTEGER NOT NULL,
    "offer_id" TEXT NOT NULL,
    "accepted" BOOLEAN NOT NULL,
    "amount_wei" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "tx_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done_at" TIMESTAMPTZ(3),
    CONSTRAINT "offer_settlement_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "offer_settlement_requests_amount_check" CHECK ("amount_wei" ~ '^[0-9]{1,78}$'),
    CONSTRAINT "offer_settlement_requests_offer_check" CHECK ("offer_id" ~ '^[0-9]{1,78}$')
);

CREATE UNIQUE INDEX "offer_settlement_requests_offer_key" ON "app"."offer_settlement_requests" ("chain_id", "offer_id");
CREATE INDEX "offer_settlement_requests_due_idx" ON "app"."offer_settlement_requests" ("next_attempt_at") WHERE "done_at" IS NULL;
