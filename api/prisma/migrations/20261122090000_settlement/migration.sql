-- Settlement of indexed chain events (schema "indexer", written by Ponder) into the app, once each.
-- An event is identified by its chain, the chain's genesis block hash (a fresh local chain has a new
-- one, so its events never match an earlier chain's), its transaction hash and log index. A row
-- here is written in the same transaction as the event's effect (ledger entry, withdrawal update):
-- both or neither. Rows are never changed or deleted.
CREATE TABLE "app"."settled_events" (
    "chain_id" INTEGER NOT NULL,
    "genesis_hash" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "settled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "settled_events_pkey" PRIMARY KEY ("chain_id", "genesis_hash", "tx_hash", "log_index"),
    CONSTRAINT "settled_events_hashes_check" CHECK ("genesis_hash" ~ '^0x[0-9a-f]{64}$' AND "tx_hash" ~ '^0x[0-9a-f]{64}$' AND "block_hash" ~ '^0x[0-9a-f]{64}$'),
    CONSTRAINT "settled_events_outcome_check" CHECK ("outcome" IN ('applied', 'already_applied', 'unmatched'))
);

CREATE INDEX "settled_events_kind_settled_at_idx" ON "app"."settled_events" ("kind", "settled_at" DESC);

CREATE FUNCTION "app"."settled_events_immutable"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'settled events are never changed or deleted';
END;
$$;

CREATE TRIGGER "settled_events_immutable" BEFORE UPDATE OR DELETE ON "app"."settled_events"
    FOR EACH ROW EXECUTE FUNCTION "app"."settled_events_immutable"();
