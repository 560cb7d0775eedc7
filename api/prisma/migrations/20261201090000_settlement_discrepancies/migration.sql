-- Settlement discrepancies (issue 35): a chain event that moved value the app could not record as
-- it should (an accepted offer whose sale cannot be made, an amount that differs from the app's).
-- Such an event is settled with the outcome 'discrepancy' (never silently 'unmatched'), and a row
-- here, written in the same transaction, stays on the admin overview until an admin resolves it
-- with a note. settled_events stays immutable; only the resolution here changes, once.
ALTER TABLE "app"."settled_events" DROP CONSTRAINT "settled_events_outcome_check";
ALTER TABLE "app"."settled_events" ADD CONSTRAINT "settled_events_outcome_check"
    CHECK ("outcome" IN ('applied', 'already_applied', 'unmatched', 'discrepancy'));

CREATE TABLE "app"."settlement_discrepancies" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chain_id" INTEGER NOT NULL,
    "genesis_hash" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" UUID,
    "resolution" TEXT,
    CONSTRAINT "settlement_discrepancies_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "settlement_discrepancies_event_fkey" FOREIGN KEY ("chain_id", "genesis_hash", "tx_hash", "log_index")
        REFERENCES "app"."settled_events" ("chain_id", "genesis_hash", "tx_hash", "log_index") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "settlement_discrepancies_resolved_by_fkey" FOREIGN KEY ("resolved_by")
        REFERENCES "app"."users" ("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    -- Resolved means by whom, when and how: all three or none.
    CONSTRAINT "settlement_discrepancies_resolution_check" CHECK (
        ("resolved_at" IS NULL AND "resolved_by" IS NULL AND "resolution" IS NULL)
        OR ("resolved_at" IS NOT NULL AND "resolved_by" IS NOT NULL AND length(btrim("resolution")) > 0)
    )
);

CREATE UNIQUE INDEX "settlement_discrepancies_event_key" ON "app"."settlement_discrepancies" ("chain_id", "genesis_hash", "tx_hash", "log_index");
CREATE INDEX "settlement_discrepancies_open_idx" ON "app"."settlement_discrepancies" ("created_at" DESC) WHERE "resolved_at" IS NULL;
