-- Admin analytics (issue 23, docs/decisions.md "Issue 23 — admin analytics (API)"): the platform's figures per
-- UTC day and the money's health per chain, kept as the events happen by statement-level triggers (transition
-- tables) in the event's own transaction, like the creator analytics (20261128100000_creator_analytics).
-- GET /api/admin/analytics reads these rows only; it never scans the raw tables.
-- - admin_daily_stats (day, shard): sales, volume (price + fee: what the buyers paid) and fees per way of paying
--   in cents and ledger units, new members, active members, uploads, processing failures, withdrawals requested
--   and paid. Every row of the platform's day would be a hot row (every sale, sign-up and withdrawal of the
--   platform writes it, and holds it until its commit), so each day has up to 16 rows: a writer adds to the row
--   of its connection (pg_backend_pid() % 16), and a read sums them.
-- - A sale counts on the UTC day it was recorded under its method (loop, wallet, paypal, card; free "purchases"
--   are not sales); volume in units is the LOOP the buyer paid (loop_units: in-app LOOP, wallet) or, paid in USD
--   (PayPal, card), the price + fee at the one rate (× 5·10^8 units a cent, docs/product.md#rate); fees in units
--   are fee_cents at the one rate. A refund or reversal (refunded_at set) takes the sale back out of its day with
--   exactly the figures it added.
-- - member_active_days (user_id, day): one row per member and UTC day with a signed-in request, inserted by the
--   API (features/auth/active-members.ts, ON CONFLICT DO NOTHING); its insert trigger counts the active member.
-- - A processing failure is a loop whose status becomes 'failed' (loop-worker.ts), on the UTC day it did.
-- - A withdrawal counts as requested on the day it was created, and as paid on the day it reached 'completed'
--   (processed_at).
-- - chain_daily_flows (chain_id, day, shard): per chain, deposits in (Deposited events the settlement credited to a
--   member: the units of their ledger entry `deposit:<event key>`, on the day settled) and payouts out (`loop`
--   withdrawals completed from the chain they were paid on: the payout of the PaidOut event, whether the
--   settlement or the payout reconciler completed it). settled_events has no amount and no (chain, day) index,
--   so the sums are kept here by triggers on settled_events and withdrawals rather than summed per view.
-- - money_health_samples (chain_id, sampled_at): hourly, by the worker role (money-health-sampler.ts), the
--   vault's reserve and the ledger's liability (admin/vault-backing.service.ts), the causes of their difference
--   and the settlement lag (settlement-status.ts, as /metrics). Two workers: ON CONFLICT DO NOTHING.
-- The migration backfills from the existing rows (no member was recorded active before it).

CREATE TABLE "app"."admin_daily_stats" (
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "sales_loop" INTEGER NOT NULL DEFAULT 0,
    "sales_wallet" INTEGER NOT NULL DEFAULT 0,
    "sales_paypal" INTEGER NOT NULL DEFAULT 0,
    "sales_card" INTEGER NOT NULL DEFAULT 0,
    "volume_cents_loop" BIGINT NOT NULL DEFAULT 0,
    "volume_cents_wallet" BIGINT NOT NULL DEFAULT 0,
    "volume_cents_paypal" BIGINT NOT NULL DEFAULT 0,
    "volume_cents_card" BIGINT NOT NULL DEFAULT 0,
    "fees_cents_loop" BIGINT NOT NULL DEFAULT 0,
    "fees_cents_wallet" BIGINT NOT NULL DEFAULT 0,
    "fees_cents_paypal" BIGINT NOT NULL DEFAULT 0,
    "fees_cents_card" BIGINT NOT NULL DEFAULT 0,
    "volume_units_loop" BIGINT NOT NULL DEFAULT 0,
    "volume_units_wallet" BIGINT NOT NULL DEFAULT 0,
    "volume_units_paypal" BIGINT NOT NULL DEFAULT 0,
    "volume_units_card" BIGINT NOT NULL DEFAULT 0,
    "fees_units_loop" BIGINT NOT NULL DEFAULT 0,
    "fees_units_wallet" BIGINT NOT NULL DEFAULT 0,
    "fees_units_paypal" BIGINT NOT NULL DEFAULT 0,
    "fees_units_card" BIGINT NOT NULL DEFAULT 0,
    "new_members" INTEGER NOT NULL DEFAULT 0,
    "active_members" INTEGER NOT NULL DEFAULT 0,
    "uploads" INTEGER NOT NULL DEFAULT 0,
    "processing_failures" INTEGER NOT NULL DEFAULT 0,
    "withdrawals_requested" INTEGER NOT NULL DEFAULT 0,
    "withdrawals_requested_units" BIGINT NOT NULL DEFAULT 0,
    "withdrawals_paid" INTEGER NOT NULL DEFAULT 0,
    "withdrawals_paid_units" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "admin_daily_stats_pkey" PRIMARY KEY ("day", "shard")
);

CREATE TABLE "app"."member_active_days" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    CONSTRAINT "member_active_days_pkey" PRIMARY KEY ("day", "user_id"),
    CONSTRAINT "member_active_days_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE
);

-- CreateIndex: the foreign key's deletes.
CREATE INDEX "member_active_days_user_id_idx" ON "app"."member_active_days"("user_id");

CREATE TABLE "app"."chain_daily_flows" (
    "chain_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "deposits_in_units" BIGINT NOT NULL DEFAULT 0,
    "payouts_out_units" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "chain_daily_flows_pkey" PRIMARY KEY ("chain_id", "day", "shard")
);

-- CreateTable: causes is a JSON array of {"code", "wei"} (wei as a decimal string): the non-zero causes of
-- GET /api/admin/vault/backing and what they leave unexplained. lag_*: null when unknown.
CREATE TABLE "app"."money_health_samples" (
    "chain_id" INTEGER NOT NULL,
    "sampled_at" TIMESTAMPTZ(3) NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reserve_wei" NUMERIC(78, 0) NOT NULL,
    "liability_wei" NUMERIC(78, 0) NOT NULL,
    "causes" JSONB NOT NULL DEFAULT '[]',
    "lag_blocks" BIGINT,
    "lag_seconds" BIGINT,
    CONSTRAINT "money_health_samples_pkey" PRIMARY KEY ("chain_id", "sampled_at"),
    CONSTRAINT "money_health_samples_hour_check" CHECK ("sampled_at" = date_trunc('hour', "sampled_at", 'UTC'))
);

-- CreateFunction: adds the deltas `changes` (a JSON array of objects with day and any counters, missing ones 0)
-- to the rows of this connection's shard, in day order; all-zero days left out.
CREATE FUNCTION "app"."admin_stats_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF changes IS NULL OR jsonb_array_length(changes) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO "app"."admin_daily_stats" AS s ("day", "shard", "sales_loop", "sales_wallet", "sales_paypal", "sales_card", "volume_cents_loop", "volume_cents_wallet", "volume_cents_paypal", "volume_cents_card", "fees_cents_loop", "fees_cents_wallet", "fees_cents_paypal", "fees_cents_card", "volume_units_loop", "volume_units_wallet", "volume_units_paypal", "volume_units_card", "fees_units_loop", "fees_units_wallet", "fees_units_paypal", "fees_units_card", "new_members", "active_members", "uploads", "processing_failures", "withdrawals_requested", "withdrawals_requested_units", "withdrawals_paid", "withdrawals_paid_units")
    SELECT d."day", (pg_backend_pid() % 16)::SMALLINT,
           COALESCE(sum(d."sales_loop"), 0)::INTEGER,
           COALESCE(sum(d."sales_wallet"), 0)::INTEGER,
           COALESCE(sum(d."sales_paypal"), 0)::INTEGER,
           COALESCE(sum(d."sales_card"), 0)::INTEGER,
           COALESCE(sum(d."volume_cents_loop"), 0)::BIGINT,
           COALESCE(sum(d."volume_cents_wallet"), 0)::BIGINT,
           COALESCE(sum(d."volume_cents_paypal"), 0)::BIGINT,
           COALESCE(sum(d."volume_cents_card"), 0)::BIGINT,
           COALESCE(sum(d."fees_cents_loop"), 0)::BIGINT,
           COALESCE(sum(d."fees_cents_wallet"), 0)::BIGINT,
           COALESCE(sum(d."fees_cents_paypal"), 0)::BIGINT,
           COALESCE(sum(d."fees_cents_card"), 0)::BIGINT,
           COALESCE(sum(d."volume_units_loop"), 0)::BIGINT,
           COALESCE(sum(d."volume_units_wallet"), 0)::BIGINT,
           COALESCE(sum(d."volume_units_paypal"), 0)::BIGINT,
           COALESCE(sum(d."volume_units_card"), 0)::BIGINT,
           COALESCE(sum(d."fees_units_loop"), 0)::BIGINT,
           COALESCE(sum(d."fees_units_wallet"), 0)::BIGINT,
           COALESCE(sum(d."fees_units_paypal"), 0)::BIGINT,
           COALESCE(sum(d."fees_units_card"), 0)::BIGINT,
           COALESCE(sum(d."new_members"), 0)::INTEGER,
           COALESCE(sum(d."active_members"), 0)::INTEGER,
           COALESCE(sum(d."uploads"), 0)::INTEGER,
           COALESCE(sum(d."processing_failures"), 0)::INTEGER,
           COALESCE(sum(d."withdrawals_requested"), 0)::INTEGER,
           COALESCE(sum(d."withdrawals_requested_units"), 0)::BIGINT,
           COALESCE(sum(d."withdrawals_paid"), 0)::INTEGER,
           COALESCE(sum(d."withdrawals_paid_units"), 0)::BIGINT
    FROM jsonb_populate_recordset(NULL::"app"."admin_daily_stats", changes) AS d
    GROUP BY d."day"
    HAVING COALESCE(sum(d."sales_loop"), 0) <> 0 OR COALESCE(sum(d."sales_wallet"), 0) <> 0 OR COALESCE(sum(d."sales_paypal"), 0) <> 0 OR COALESCE(sum(d."sales_card"), 0) <> 0 OR COALESCE(sum(d."volume_cents_loop"), 0) <> 0 OR COALESCE(sum(d."volume_cents_wallet"), 0) <> 0 OR COALESCE(sum(d."volume_cents_paypal"), 0) <> 0 OR COALESCE(sum(d."volume_cents_card"), 0) <> 0 OR COALESCE(sum(d."fees_cents_loop"), 0) <> 0 OR COALESCE(sum(d."fees_cents_wallet"), 0) <> 0 OR COALESCE(sum(d."fees_cents_paypal"), 0) <> 0 OR COALESCE(sum(d."fees_cents_card"), 0) <> 0 OR COALESCE(sum(d."volume_units_loop"), 0) <> 0 OR COALESCE(sum(d."volume_units_wallet"), 0) <> 0 OR COALESCE(sum(d."volume_units_paypal"), 0) <> 0 OR COALESCE(sum(d."volume_units_card"), 0) <> 0 OR COALESCE(sum(d."fees_units_loop"), 0) <> 0 OR COALESCE(sum(d."fees_units_wallet"), 0) <> 0 OR COALESCE(sum(d."fees_units_paypal"), 0) <> 0 OR COALESCE(sum(d."fees_units_card"), 0) <> 0 OR COALESCE(sum(d."new_members"), 0) <> 0 OR COALESCE(sum(d."active_members"), 0) <> 0 OR COALESCE(sum(d."uploads"), 0) <> 0 OR COALESCE(sum(d."processing_failures"), 0) <> 0 OR COALESCE(sum(d."withdrawals_requested"), 0) <> 0 OR COALESCE(sum(d."withdrawals_requested_units"), 0) <> 0 OR COALESCE(sum(d."withdrawals_paid"), 0) <> 0 OR COALESCE(sum(d."withdrawals_paid_units"), 0) <> 0
    ORDER BY d."day"
    ON CONFLICT ("day", "shard") DO UPDATE SET
        "sales_loop" = s."sales_loop" + excluded."sales_loop",
        "sales_wallet" = s."sales_wallet" + excluded."sales_wallet",
        "sales_paypal" = s."sales_paypal" + excluded."sales_paypal",
        "sales_card" = s."sales_card" + excluded."sales_card",
        "volume_cents_loop" = s."volume_cents_loop" + excluded."volume_cents_loop",
        "volume_cents_wallet" = s."volume_cents_wallet" + excluded."volume_cents_wallet",
        "volume_cents_paypal" = s."volume_cents_paypal" + excluded."volume_cents_paypal",
        "volume_cents_card" = s."volume_cents_card" + excluded."volume_cents_card",
        "fees_cents_loop" = s."fees_cents_loop" + excluded."fees_cents_loop",
        "fees_cents_wallet" = s."fees_cents_wallet" + excluded."fees_cents_wallet",
        "fees_cents_paypal" = s."fees_cents_paypal" + excluded."fees_cents_paypal",
        "fees_cents_card" = s."fees_cents_card" + excluded."fees_cents_card",
        "volume_units_loop" = s."volume_units_loop" + excluded."volume_units_loop",
        "volume_units_wallet" = s."volume_units_wallet" + excluded."volume_units_wallet",
        "volume_units_paypal" = s."volume_units_paypal" + excluded."volume_units_paypal",
        "volume_units_card" = s."volume_units_card" + excluded."volume_units_card",
        "fees_units_loop" = s."fees_units_loop" + excluded."fees_units_loop",
        "fees_units_wallet" = s."fees_units_wallet" + excluded."fees_units_wallet",
        "fees_units_paypal" = s."fees_units_paypal" + excluded."fees_units_paypal",
        "fees_units_card" = s."fees_units_card" + excluded."fees_units_card",
        "new_members" = s."new_members" + excluded."new_members",
        "active_members" = s."active_members" + excluded."active_members",
        "uploads" = s."uploads" + excluded."uploads",
        "processing_failures" = s."processing_failures" + excluded."processing_failures",
        "withdrawals_requested" = s."withdrawals_requested" + excluded."withdrawals_requested",
        "withdrawals_requested_units" = s."withdrawals_requested_units" + excluded."withdrawals_requested_units",
        "withdrawals_paid" = s."withdrawals_paid" + excluded."withdrawals_paid",
        "withdrawals_paid_units" = s."withdrawals_paid_units" + excluded."withdrawals_paid_units";
END;
$$;

-- CreateFunction: the same for the chains' flows (chain_id, day, deposits_in_units, payouts_out_units), sharded
-- alike: the settlement worker (deposits, and payouts it completes) and the API's payout sender and reconciler
-- (payouts) write them.
CREATE FUNCTION "app"."chain_flows_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF changes IS NULL OR jsonb_array_length(changes) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO "app"."chain_daily_flows" AS s ("chain_id", "day", "shard", "deposits_in_units", "payouts_out_units")
    SELECT d."chain_id", d."day", (pg_backend_pid() % 16)::SMALLINT, COALESCE(sum(d."deposits_in_units"), 0)::BIGINT, COALESCE(sum(d."payouts_out_units"), 0)::BIGINT
    FROM jsonb_populate_recordset(NULL::"app"."chain_daily_flows", changes) AS d
    GROUP BY d."chain_id", d."day"
    HAVING COALESCE(sum(d."deposits_in_units"), 0) <> 0 OR COALESCE(sum(d."payouts_out_units"), 0) <> 0
    ORDER BY d."chain_id", d."day"
    ON CONFLICT ("chain_id", "day", "shard") DO UPDATE SET
        "deposits_in_units" = s."deposits_in_units" + excluded."deposits_in_units",
        "payouts_out_units" = s."payouts_out_units" + excluded."payouts_out_units";
END;
$$;

-- CreateFunction: one sale's figures as deltas (sign +1 recorded, -1 refunded), keyed by the method's columns.
CREATE FUNCTION "app"."admin_sale_delta"(p "app"."purchases", sign INTEGER) RETURNS JSONB LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
        'day', (p."created_at" AT TIME ZONE 'UTC')::DATE,
        'sales_' || p."method", sign,
        'volume_cents_' || p."method", sign * (p."price_cents"::BIGINT + p."fee_cents"::BIGINT),
        'fees_cents_' || p."method", sign * p."fee_cents"::BIGINT,
        'volume_units_' || p."method", sign * COALESCE(p."loop_units", (p."price_cents"::BIGINT + p."fee_cents"::BIGINT) * 500000000),
        'fees_units_' || p."method", sign * p."fee_cents"::BIGINT * 500000000)
$$;

-- CreateFunction: after a statement on purchases. Paid sales only (method loop, wallet, paypal, card).
CREATE FUNCTION "app"."purchases_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg("app"."admin_sale_delta"(n, 1)) INTO changes
        FROM new_rows n WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND n."refunded_at" IS NULL;
    ELSE
        -- Refunded: the sale leaves its day (un-refunded, never done by the app: it comes back).
        SELECT jsonb_agg("app"."admin_sale_delta"(n, CASE WHEN n."refunded_at" IS NULL THEN 1 ELSE -1 END)) INTO changes
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND (o."refunded_at" IS NULL) <> (n."refunded_at" IS NULL);
    END IF;
    PERFORM "app"."admin_stats_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger: named to fire after the creator analytics' triggers (same event: in name order), so a sale
-- locks its creator's rows, then the platform's, like every other writer.
CREATE TRIGGER "purchases_zz_admin_analytics_insert" AFTER INSERT ON "app"."purchases"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."purchases_admin_analytics"();
CREATE TRIGGER "purchases_zz_admin_analytics_update" AFTER UPDATE ON "app"."purchases"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."purchases_admin_analytics"();

-- CreateFunction: a new member, on the day the account was created.
CREATE FUNCTION "app"."users_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    SELECT jsonb_agg(jsonb_build_object('day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'new_members', 1)) INTO changes FROM new_rows n;
    PERFORM "app"."admin_stats_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "users_admin_analytics_insert" AFTER INSERT ON "app"."users"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."users_admin_analytics"();

-- CreateFunction: an active member (the rows ON CONFLICT DO NOTHING skipped are not in new_rows).
CREATE FUNCTION "app"."member_active_days_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    SELECT jsonb_agg(jsonb_build_object('day', n."day", 'active_members', 1)) INTO changes FROM new_rows n;
    PERFORM "app"."admin_stats_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "member_active_days_admin_analytics_insert" AFTER INSERT ON "app"."member_active_days"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."member_active_days_admin_analytics"();

-- CreateFunction: an upload (a loop created), and a processing failure (a loop that became 'failed', today).
CREATE FUNCTION "app"."loops_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg(jsonb_build_object('day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'uploads', 1,
                                            'processing_failures', (n."status" = 'failed')::INTEGER))
        INTO changes FROM new_rows n;
    ELSE
        SELECT jsonb_agg(jsonb_build_object('day', (now() AT TIME ZONE 'UTC')::DATE, 'processing_failures', 1))
        INTO changes FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."status" = 'failed' AND o."status" <> 'failed';
    END IF;
    PERFORM "app"."admin_stats_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loops_admin_analytics_insert" AFTER INSERT ON "app"."loops"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_admin_analytics"();
CREATE TRIGGER "loops_admin_analytics_update" AFTER UPDATE ON "app"."loops"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loops_admin_analytics"();

-- CreateFunction: a withdrawal requested (created), and paid (reached 'completed', which is final); a `loop`
-- withdrawal completed is also a payout out of the vault of the chain it was paid on.
CREATE FUNCTION "app"."withdrawals_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
    flows JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg(x) INTO changes FROM (
            SELECT jsonb_build_object('day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'withdrawals_requested', 1,
                                      'withdrawals_requested_units', n."amount") AS x
            FROM new_rows n
            UNION ALL
            SELECT jsonb_build_object('day', (COALESCE(n."processed_at", now()) AT TIME ZONE 'UTC')::DATE, 'withdrawals_paid', 1,
                                      'withdrawals_paid_units', n."amount")
            FROM new_rows n WHERE n."status" = 'completed'
        ) AS d;
        SELECT jsonb_agg(jsonb_build_object('chain_id', n."payout_chain_id", 'day', (COALESCE(n."processed_at", now()) AT TIME ZONE 'UTC')::DATE,
                                            'payouts_out_units', n."amount"))
        INTO flows FROM new_rows n WHERE n."status" = 'completed' AND n."method" = 'loop' AND n."payout_chain_id" IS NOT NULL;
    ELSE
        SELECT jsonb_agg(jsonb_build_object('day', (COALESCE(n."processed_at", now()) AT TIME ZONE 'UTC')::DATE, 'withdrawals_paid', 1,
                                            'withdrawals_paid_units', n."amount"))
        INTO changes FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."status" = 'completed' AND o."status" <> 'completed';
        SELECT jsonb_agg(jsonb_build_object('chain_id', n."payout_chain_id", 'day', (COALESCE(n."processed_at", now()) AT TIME ZONE 'UTC')::DATE,
                                            'payouts_out_units', n."amount"))
        INTO flows FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."status" = 'completed' AND o."status" <> 'completed' AND n."method" = 'loop' AND n."payout_chain_id" IS NOT NULL;
    END IF;
    PERFORM "app"."admin_stats_apply"(changes);
    PERFORM "app"."chain_flows_apply"(flows);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "withdrawals_admin_analytics_insert" AFTER INSERT ON "app"."withdrawals"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."withdrawals_admin_analytics"();
CREATE TRIGGER "withdrawals_admin_analytics_update" AFTER UPDATE ON "app"."withdrawals"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."withdrawals_admin_analytics"();

-- CreateFunction: a deposit the settlement credited (handlers/deposited.ts posts `deposit:<chain>:<genesis>:<tx>:<log>`
-- before it records the event): its credited units, on the day settled. An unmatched deposit credited nobody: it is
-- a cause of the money-health gap instead (deposits_unmatched).
CREATE FUNCTION "app"."settled_events_admin_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    flows JSONB;
BEGIN
    SELECT jsonb_agg(jsonb_build_object('chain_id', n."chain_id", 'day', (n."settled_at" AT TIME ZONE 'UTC')::DATE,
                                        'deposits_in_units', c."units"))
    INTO flows
    FROM new_rows n
    JOIN "app"."ledger_entries" e
      ON e."idempotency_key" = 'deposit:' || n."chain_id" || ':' || n."genesis_hash" || ':' || n."tx_hash" || ':' || n."log_index"
    CROSS JOIN LATERAL (SELECT sum(po."amount") AS "units" FROM "app"."ledger_postings" po WHERE po."entry_id" = e."id" AND po."amount" > 0) c
    WHERE n."kind" = 'deposited' AND n."outcome" = 'applied';
    PERFORM "app"."chain_flows_apply"(flows);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "settled_events_admin_analytics_insert" AFTER INSERT ON "app"."settled_events"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."settled_events_admin_analytics"();

-- Backfill: what the tables hold now. Failures: the loops failed now, on the day of their last change.
SELECT "app"."admin_stats_apply"(jsonb_agg(x)) FROM (
    SELECT "app"."admin_sale_delta"(p, 1) AS x FROM "app"."purchases" p
    WHERE p."method" IN ('loop', 'wallet', 'paypal', 'card') AND p."refunded_at" IS NULL
    UNION ALL
    SELECT jsonb_build_object('day', (u."created_at" AT TIME ZONE 'UTC')::DATE, 'new_members', 1) FROM "app"."users" u
    UNION ALL
    SELECT jsonb_build_object('day', (l."created_at" AT TIME ZONE 'UTC')::DATE, 'uploads', 1) FROM "app"."loops" l
    UNION ALL
    SELECT jsonb_build_object('day', (l."updated_at" AT TIME ZONE 'UTC')::DATE, 'processing_failures', 1) FROM "app"."loops" l WHERE l."status" = 'failed'
    UNION ALL
    SELECT jsonb_build_object('day', (w."created_at" AT TIME ZONE 'UTC')::DATE, 'withdrawals_requested', 1, 'withdrawals_requested_units', w."amount")
    FROM "app"."withdrawals" w
    UNION ALL
    SELECT jsonb_build_object('day', (w."processed_at" AT TIME ZONE 'UTC')::DATE, 'withdrawals_paid', 1, 'withdrawals_paid_units', w."amount")
    FROM "app"."withdrawals" w WHERE w."status" = 'completed'
) AS b;

SELECT "app"."chain_flows_apply"(jsonb_agg(x)) FROM (
    SELECT jsonb_build_object('chain_id', s."chain_id", 'day', (s."settled_at" AT TIME ZONE 'UTC')::DATE, 'deposits_in_units', c."units") AS x
    FROM "app"."settled_events" s
    JOIN "app"."ledger_entries" e
      ON e."idempotency_key" = 'deposit:' || s."chain_id" || ':' || s."genesis_hash" || ':' || s."tx_hash" || ':' || s."log_index"
    CROSS JOIN LATERAL (SELECT sum(po."amount") AS "units" FROM "app"."ledger_postings" po WHERE po."entry_id" = e."id" AND po."amount" > 0) c
    WHERE s."kind" = 'deposited' AND s."outcome" = 'applied'
    UNION ALL
    SELECT jsonb_build_object('chain_id', w."payout_chain_id", 'day', (w."processed_at" AT TIME ZONE 'UTC')::DATE, 'payouts_out_units', w."amount")
    FROM "app"."withdrawals" w WHERE w."status" = 'completed' AND w."method" = 'loop' AND w."payout_chain_id" IS NOT NULL
) AS b;
