-- Creator analytics (issue 23, docs/decisions.md "Issue 23 — creator analytics (API)"): per loop and
-- UTC day, the plays, downloads, sales by way of paying, the creator's earnings (proceeds: the price,
-- the platform's fee is on top) in ledger units and cents, refunds and offers, kept as the events
-- happen by statement-level triggers on the tables that record them (purchases, loop_downloads,
-- negotiations, play_listeners), in the event's own transaction. GET /api/analytics/creator reads
-- these rows only; it never scans the raw tables.
-- - loop_daily_stats: (loop, day). creator_daily_stats: (creator, day), the series without summing a
--   thousand loops. loop_stats_totals: (loop), the per-loop table for range "all".
-- - A sale counts on the UTC day it was recorded (purchases.created_at) under its method (loop, wallet,
--   paypal, card; free "purchases" are not sales). Earnings in ledger units are the seller's postings
--   in the sale's ledger entry (in-app LOOP, accepted offers, PayPal, card, wallet offers credited in
--   app); a wallet sale paid on chain has no entry, and its proceeds are the recorded price at the one
--   rate (price_cents × 5 × 10^8 units, docs/product.md#rate). Earnings in cents are price_cents.
-- - A refund or reversal (refunded_at set: an arbiter's refund of an escrowed wallet purchase, a card or
--   PayPal reversal) takes the sale back out of the day it was counted on, with exactly the figures it
--   added, and counts one refund on the UTC day of the refund.
-- - An offer counts as received on the day it was made; its outcome (accepted, rejected, withdrawn,
--   expired) counts on that same day (the cohort of the day's offers) when it closes.
-- - A play is a row of play_listeners inserted or moved to a new hour (see the API's plays.service.ts).
-- Every statement adds its deltas through analytics_apply: loop rows, then creator rows, then totals,
-- each in key order, so two transactions never wait on each other crosswise.

CREATE TABLE "app"."loop_daily_stats" (
    "loop_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "user_id" UUID NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "sales_loop" INTEGER NOT NULL DEFAULT 0,
    "sales_wallet" INTEGER NOT NULL DEFAULT 0,
    "sales_paypal" INTEGER NOT NULL DEFAULT 0,
    "sales_card" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "earnings_units_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_card" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_card" BIGINT NOT NULL DEFAULT 0,
    "fees_cents" BIGINT NOT NULL DEFAULT 0,
    "offers_received" INTEGER NOT NULL DEFAULT 0,
    "offers_accepted" INTEGER NOT NULL DEFAULT 0,
    "offers_declined" INTEGER NOT NULL DEFAULT 0,
    "offers_withdrawn" INTEGER NOT NULL DEFAULT 0,
    "offers_expired" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "loop_daily_stats_pkey" PRIMARY KEY ("loop_id", "day"),
    CONSTRAINT "loop_daily_stats_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE
);

-- CreateIndex: a creator's loops over a range of days.
CREATE INDEX "loop_daily_stats_user_id_day_idx" ON "app"."loop_daily_stats"("user_id", "day");

CREATE TABLE "app"."creator_daily_stats" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "sales_loop" INTEGER NOT NULL DEFAULT 0,
    "sales_wallet" INTEGER NOT NULL DEFAULT 0,
    "sales_paypal" INTEGER NOT NULL DEFAULT 0,
    "sales_card" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "earnings_units_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_card" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_card" BIGINT NOT NULL DEFAULT 0,
    "fees_cents" BIGINT NOT NULL DEFAULT 0,
    "offers_received" INTEGER NOT NULL DEFAULT 0,
    "offers_accepted" INTEGER NOT NULL DEFAULT 0,
    "offers_declined" INTEGER NOT NULL DEFAULT 0,
    "offers_withdrawn" INTEGER NOT NULL DEFAULT 0,
    "offers_expired" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "creator_daily_stats_pkey" PRIMARY KEY ("user_id", "day"),
    CONSTRAINT "creator_daily_stats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE
);

CREATE TABLE "app"."loop_stats_totals" (
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "sales_loop" INTEGER NOT NULL DEFAULT 0,
    "sales_wallet" INTEGER NOT NULL DEFAULT 0,
    "sales_paypal" INTEGER NOT NULL DEFAULT 0,
    "sales_card" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "earnings_units_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_units_card" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_loop" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_wallet" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_paypal" BIGINT NOT NULL DEFAULT 0,
    "earnings_cents_card" BIGINT NOT NULL DEFAULT 0,
    "fees_cents" BIGINT NOT NULL DEFAULT 0,
    "offers_received" INTEGER NOT NULL DEFAULT 0,
    "offers_accepted" INTEGER NOT NULL DEFAULT 0,
    "offers_declined" INTEGER NOT NULL DEFAULT 0,
    "offers_withdrawn" INTEGER NOT NULL DEFAULT 0,
    "offers_expired" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "loop_stats_totals_pkey" PRIMARY KEY ("loop_id"),
    CONSTRAINT "loop_stats_totals_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE
);

-- CreateIndex
CREATE INDEX "loop_stats_totals_user_id_idx" ON "app"."loop_stats_totals"("user_id");

-- CreateTable: who was counted as playing a loop, and when (the last counted play). listener is an
-- HMAC-SHA256 (a key kept in server_secrets and replaced every UTC day) of the signed-in user's id, or
-- of the IP address and User-Agent: nothing else about the listener is kept, and rows older than two
-- hours are deleted. A play counts when its row is inserted or its counted_at moves on (an hour later).
CREATE TABLE "app"."play_listeners" (
    "loop_id" UUID NOT NULL,
    "listener" BYTEA NOT NULL,
    "counted_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    CONSTRAINT "play_listeners_pkey" PRIMARY KEY ("loop_id", "listener"),
    CONSTRAINT "play_listeners_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE
);

-- CreateIndex: the sweep.
CREATE INDEX "play_listeners_counted_at_idx" ON "app"."play_listeners"("counted_at");

-- CreateFunction: the deltas `changes` (a JSON array of objects with loop_id, day and any counters,
-- missing ones 0) summed per loop and day, with the loop's creator; all-zero rows left out.
CREATE FUNCTION "app"."analytics_deltas"(changes JSONB) RETURNS SETOF "app"."loop_daily_stats" LANGUAGE sql STABLE AS $$
    SELECT d."loop_id", d."day", l."user_id",
           COALESCE(sum(d."plays"), 0)::INTEGER,
           COALESCE(sum(d."downloads"), 0)::INTEGER,
           COALESCE(sum(d."sales_loop"), 0)::INTEGER,
           COALESCE(sum(d."sales_wallet"), 0)::INTEGER,
           COALESCE(sum(d."sales_paypal"), 0)::INTEGER,
           COALESCE(sum(d."sales_card"), 0)::INTEGER,
           COALESCE(sum(d."refunds"), 0)::INTEGER,
           COALESCE(sum(d."earnings_units_loop"), 0)::BIGINT,
           COALESCE(sum(d."earnings_units_wallet"), 0)::BIGINT,
           COALESCE(sum(d."earnings_units_paypal"), 0)::BIGINT,
           COALESCE(sum(d."earnings_units_card"), 0)::BIGINT,
           COALESCE(sum(d."earnings_cents_loop"), 0)::BIGINT,
           COALESCE(sum(d."earnings_cents_wallet"), 0)::BIGINT,
           COALESCE(sum(d."earnings_cents_paypal"), 0)::BIGINT,
           COALESCE(sum(d."earnings_cents_card"), 0)::BIGINT,
           COALESCE(sum(d."fees_cents"), 0)::BIGINT,
           COALESCE(sum(d."offers_received"), 0)::INTEGER,
           COALESCE(sum(d."offers_accepted"), 0)::INTEGER,
           COALESCE(sum(d."offers_declined"), 0)::INTEGER,
           COALESCE(sum(d."offers_withdrawn"), 0)::INTEGER,
           COALESCE(sum(d."offers_expired"), 0)::INTEGER
    FROM jsonb_populate_recordset(NULL::"app"."loop_daily_stats", changes) AS d
    JOIN "app"."loops" l ON l."id" = d."loop_id"
    GROUP BY d."loop_id", d."day", l."user_id"
    HAVING COALESCE(sum(d."plays"), 0) <> 0 OR COALESCE(sum(d."downloads"), 0) <> 0 OR COALESCE(sum(d."sales_loop"), 0) <> 0 OR COALESCE(sum(d."sales_wallet"), 0) <> 0 OR COALESCE(sum(d."sales_paypal"), 0) <> 0 OR COALESCE(sum(d."sales_card"), 0) <> 0 OR COALESCE(sum(d."refunds"), 0) <> 0 OR COALESCE(sum(d."earnings_units_loop"), 0) <> 0 OR COALESCE(sum(d."earnings_units_wallet"), 0) <> 0 OR COALESCE(sum(d."earnings_units_paypal"), 0) <> 0 OR COALESCE(sum(d."earnings_units_card"), 0) <> 0 OR COALESCE(sum(d."earnings_cents_loop"), 0) <> 0 OR COALESCE(sum(d."earnings_cents_wallet"), 0) <> 0 OR COALESCE(sum(d."earnings_cents_paypal"), 0) <> 0 OR COALESCE(sum(d."earnings_cents_card"), 0) <> 0 OR COALESCE(sum(d."fees_cents"), 0) <> 0 OR COALESCE(sum(d."offers_received"), 0) <> 0 OR COALESCE(sum(d."offers_accepted"), 0) <> 0 OR COALESCE(sum(d."offers_declined"), 0) <> 0 OR COALESCE(sum(d."offers_withdrawn"), 0) <> 0 OR COALESCE(sum(d."offers_expired"), 0) <> 0
$$;

-- CreateFunction: adds the deltas to the three tables: loop rows, then creator rows, then totals, each
-- in key order (every writer locks in this order).
CREATE FUNCTION "app"."analytics_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF changes IS NULL OR jsonb_array_length(changes) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO "app"."loop_daily_stats" AS s
    SELECT * FROM "app"."analytics_deltas"(changes) ORDER BY "loop_id", "day"
    ON CONFLICT ("loop_id", "day") DO UPDATE SET
        "plays" = s."plays" + excluded."plays",
        "downloads" = s."downloads" + excluded."downloads",
        "sales_loop" = s."sales_loop" + excluded."sales_loop",
        "sales_wallet" = s."sales_wallet" + excluded."sales_wallet",
        "sales_paypal" = s."sales_paypal" + excluded."sales_paypal",
        "sales_card" = s."sales_card" + excluded."sales_card",
        "refunds" = s."refunds" + excluded."refunds",
        "earnings_units_loop" = s."earnings_units_loop" + excluded."earnings_units_loop",
        "earnings_units_wallet" = s."earnings_units_wallet" + excluded."earnings_units_wallet",
        "earnings_units_paypal" = s."earnings_units_paypal" + excluded."earnings_units_paypal",
        "earnings_units_card" = s."earnings_units_card" + excluded."earnings_units_card",
        "earnings_cents_loop" = s."earnings_cents_loop" + excluded."earnings_cents_loop",
        "earnings_cents_wallet" = s."earnings_cents_wallet" + excluded."earnings_cents_wallet",
        "earnings_cents_paypal" = s."earnings_cents_paypal" + excluded."earnings_cents_paypal",
        "earnings_cents_card" = s."earnings_cents_card" + excluded."earnings_cents_card",
        "fees_cents" = s."fees_cents" + excluded."fees_cents",
        "offers_received" = s."offers_received" + excluded."offers_received",
        "offers_accepted" = s."offers_accepted" + excluded."offers_accepted",
        "offers_declined" = s."offers_declined" + excluded."offers_declined",
        "offers_withdrawn" = s."offers_withdrawn" + excluded."offers_withdrawn",
        "offers_expired" = s."offers_expired" + excluded."offers_expired";

    INSERT INTO "app"."creator_daily_stats" AS s ("user_id", "day", "plays", "downloads", "sales_loop", "sales_wallet", "sales_paypal", "sales_card", "refunds", "earnings_units_loop", "earnings_units_wallet", "earnings_units_paypal", "earnings_units_card", "earnings_cents_loop", "earnings_cents_wallet", "earnings_cents_paypal", "earnings_cents_card", "fees_cents", "offers_received", "offers_accepted", "offers_declined", "offers_withdrawn", "offers_expired")
    SELECT "user_id", "day", sum("plays")::INTEGER, sum("downloads")::INTEGER, sum("sales_loop")::INTEGER, sum("sales_wallet")::INTEGER, sum("sales_paypal")::INTEGER, sum("sales_card")::INTEGER, sum("refunds")::INTEGER, sum("earnings_units_loop")::BIGINT, sum("earnings_units_wallet")::BIGINT, sum("earnings_units_paypal")::BIGINT, sum("earnings_units_card")::BIGINT, sum("earnings_cents_loop")::BIGINT, sum("earnings_cents_wallet")::BIGINT, sum("earnings_cents_paypal")::BIGINT, sum("earnings_cents_card")::BIGINT, sum("fees_cents")::BIGINT, sum("offers_received")::INTEGER, sum("offers_accepted")::INTEGER, sum("offers_declined")::INTEGER, sum("offers_withdrawn")::INTEGER, sum("offers_expired")::INTEGER
    FROM "app"."analytics_deltas"(changes) GROUP BY "user_id", "day" ORDER BY "user_id", "day"
    ON CONFLICT ("user_id", "day") DO UPDATE SET
        "plays" = s."plays" + excluded."plays",
        "downloads" = s."downloads" + excluded."downloads",
        "sales_loop" = s."sales_loop" + excluded."sales_loop",
        "sales_wallet" = s."sales_wallet" + excluded."sales_wallet",
        "sales_paypal" = s."sales_paypal" + excluded."sales_paypal",
        "sales_card" = s."sales_card" + excluded."sales_card",
        "refunds" = s."refunds" + excluded."refunds",
        "earnings_units_loop" = s."earnings_units_loop" + excluded."earnings_units_loop",
        "earnings_units_wallet" = s."earnings_units_wallet" + excluded."earnings_units_wallet",
        "earnings_units_paypal" = s."earnings_units_paypal" + excluded."earnings_units_paypal",
        "earnings_units_card" = s."earnings_units_card" + excluded."earnings_units_card",
        "earnings_cents_loop" = s."earnings_cents_loop" + excluded."earnings_cents_loop",
        "earnings_cents_wallet" = s."earnings_cents_wallet" + excluded."earnings_cents_wallet",
        "earnings_cents_paypal" = s."earnings_cents_paypal" + excluded."earnings_cents_paypal",
        "earnings_cents_card" = s."earnings_cents_card" + excluded."earnings_cents_card",
        "fees_cents" = s."fees_cents" + excluded."fees_cents",
        "offers_received" = s."offers_received" + excluded."offers_received",
        "offers_accepted" = s."offers_accepted" + excluded."offers_accepted",
        "offers_declined" = s."offers_declined" + excluded."offers_declined",
        "offers_withdrawn" = s."offers_withdrawn" + excluded."offers_withdrawn",
        "offers_expired" = s."offers_expired" + excluded."offers_expired";

    INSERT INTO "app"."loop_stats_totals" AS s ("loop_id", "user_id", "plays", "downloads", "sales_loop", "sales_wallet", "sales_paypal", "sales_card", "refunds", "earnings_units_loop", "earnings_units_wallet", "earnings_units_paypal", "earnings_units_card", "earnings_cents_loop", "earnings_cents_wallet", "earnings_cents_paypal", "earnings_cents_card", "fees_cents", "offers_received", "offers_accepted", "offers_declined", "offers_withdrawn", "offers_expired")
    SELECT "loop_id", "user_id", sum("plays")::INTEGER, sum("downloads")::INTEGER, sum("sales_loop")::INTEGER, sum("sales_wallet")::INTEGER, sum("sales_paypal")::INTEGER, sum("sales_card")::INTEGER, sum("refunds")::INTEGER, sum("earnings_units_loop")::BIGINT, sum("earnings_units_wallet")::BIGINT, sum("earnings_units_paypal")::BIGINT, sum("earnings_units_card")::BIGINT, sum("earnings_cents_loop")::BIGINT, sum("earnings_cents_wallet")::BIGINT, sum("earnings_cents_paypal")::BIGINT, sum("earnings_cents_card")::BIGINT, sum("fees_cents")::BIGINT, sum("offers_received")::INTEGER, sum("offers_accepted")::INTEGER, sum("offers_declined")::INTEGER, sum("offers_withdrawn")::INTEGER, sum("offers_expired")::INTEGER
    FROM "app"."analytics_deltas"(changes) GROUP BY "loop_id", "user_id" ORDER BY "loop_id"
    ON CONFLICT ("loop_id") DO UPDATE SET
        "plays" = s."plays" + excluded."plays",
        "downloads" = s."downloads" + excluded."downloads",
        "sales_loop" = s."sales_loop" + excluded."sales_loop",
        "sales_wallet" = s."sales_wallet" + excluded."sales_wallet",
        "sales_paypal" = s."sales_paypal" + excluded."sales_paypal",
        "sales_card" = s."sales_card" + excluded."sales_card",
        "refunds" = s."refunds" + excluded."refunds",
        "earnings_units_loop" = s."earnings_units_loop" + excluded."earnings_units_loop",
        "earnings_units_wallet" = s."earnings_units_wallet" + excluded."earnings_units_wallet",
        "earnings_units_paypal" = s."earnings_units_paypal" + excluded."earnings_units_paypal",
        "earnings_units_card" = s."earnings_units_card" + excluded."earnings_units_card",
        "earnings_cents_loop" = s."earnings_cents_loop" + excluded."earnings_cents_loop",
        "earnings_cents_wallet" = s."earnings_cents_wallet" + excluded."earnings_cents_wallet",
        "earnings_cents_paypal" = s."earnings_cents_paypal" + excluded."earnings_cents_paypal",
        "earnings_cents_card" = s."earnings_cents_card" + excluded."earnings_cents_card",
        "fees_cents" = s."fees_cents" + excluded."fees_cents",
        "offers_received" = s."offers_received" + excluded."offers_received",
        "offers_accepted" = s."offers_accepted" + excluded."offers_accepted",
        "offers_declined" = s."offers_declined" + excluded."offers_declined",
        "offers_withdrawn" = s."offers_withdrawn" + excluded."offers_withdrawn",
        "offers_expired" = s."offers_expired" + excluded."offers_expired";
END;
$$;

-- CreateFunction: one sale's figures as deltas (sign +1 recorded, -1 refunded), keyed by the
-- method's columns. The seller's proceeds in units: their postings in the sale's ledger entry, or
-- the price at the one rate when the sale has none (a wallet sale paid on chain).
CREATE FUNCTION "app"."sale_delta"(p "app"."purchases", sign INTEGER) RETURNS JSONB LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
        'loop_id', p."loop_id",
        'day', (p."created_at" AT TIME ZONE 'UTC')::DATE,
        'sales_' || p."method", sign,
        'earnings_units_' || p."method", sign * COALESCE(
            (SELECT sum(po."amount") FROM "app"."ledger_postings" po
             JOIN "app"."ledger_accounts" a ON a."id" = po."account_id"
             WHERE po."entry_id" = p."ledger_entry_id" AND a."user_id" = l."user_id"),
            p."price_cents"::BIGINT * 500000000),
        'earnings_cents_' || p."method", sign * p."price_cents"::BIGINT,
        'fees_cents', sign * p."fee_cents"::BIGINT)
    FROM "app"."loops" l WHERE l."id" = p."loop_id"
$$;

-- CreateFunction: after a statement on purchases. Paid sales only (method loop, wallet, paypal, card).
CREATE FUNCTION "app"."purchases_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg("app"."sale_delta"(n, 1)) INTO changes
        FROM new_rows n WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND n."refunded_at" IS NULL;
    ELSE
        -- Refunded (or, never done by the app, un-refunded): the sale leaves its day; one refund on the refund's day.
        SELECT jsonb_agg(x) INTO changes FROM (
            SELECT "app"."sale_delta"(n, -1) AS x
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND o."refunded_at" IS NULL AND n."refunded_at" IS NOT NULL
            UNION ALL
            SELECT jsonb_build_object('loop_id', n."loop_id", 'day', (n."refunded_at" AT TIME ZONE 'UTC')::DATE, 'refunds', 1)
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND o."refunded_at" IS NULL AND n."refunded_at" IS NOT NULL
            UNION ALL
            SELECT "app"."sale_delta"(n, 1)
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND o."refunded_at" IS NOT NULL AND n."refunded_at" IS NULL
            UNION ALL
            SELECT jsonb_build_object('loop_id', o."loop_id", 'day', (o."refunded_at" AT TIME ZONE 'UTC')::DATE, 'refunds', -1)
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE n."method" IN ('loop', 'wallet', 'paypal', 'card') AND o."refunded_at" IS NOT NULL AND n."refunded_at" IS NULL
        ) AS d;
    END IF;
    PERFORM "app"."analytics_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "purchases_analytics_insert" AFTER INSERT ON "app"."purchases"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."purchases_analytics"();
CREATE TRIGGER "purchases_analytics_update" AFTER UPDATE ON "app"."purchases"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."purchases_analytics"();

-- CreateFunction: a counted download (the first fetch of a signed link by a member other than the creator).
CREATE FUNCTION "app"."loop_downloads_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    SELECT jsonb_agg(jsonb_build_object('loop_id', n."loop_id", 'day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'downloads', 1))
    INTO changes FROM new_rows n;
    PERFORM "app"."analytics_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "loop_downloads_analytics" AFTER INSERT ON "app"."loop_downloads"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loop_downloads_analytics"();

-- CreateFunction: offers received (on the day made), and their outcome when they close (on the same day).
CREATE FUNCTION "app"."negotiations_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg(jsonb_build_object('loop_id', n."loop_id", 'day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'offers_received', 1)
            || CASE WHEN n."status" IN ('accepted', 'rejected', 'withdrawn', 'expired')
                    THEN jsonb_build_object('offers_' || CASE n."status" WHEN 'rejected' THEN 'declined' ELSE n."status" END, 1)
                    ELSE '{}'::JSONB END)
        INTO changes FROM new_rows n;
    ELSE
        SELECT jsonb_agg(x) INTO changes FROM (
            SELECT jsonb_build_object('loop_id', o."loop_id", 'day', (o."created_at" AT TIME ZONE 'UTC')::DATE,
                       'offers_' || CASE o."status" WHEN 'rejected' THEN 'declined' ELSE o."status" END, -1) AS x
            FROM old_rows o JOIN new_rows n ON n."id" = o."id"
            WHERE o."status" IN ('accepted', 'rejected', 'withdrawn', 'expired') AND n."status" IS DISTINCT FROM o."status"
            UNION ALL
            SELECT jsonb_build_object('loop_id', n."loop_id", 'day', (n."created_at" AT TIME ZONE 'UTC')::DATE,
                       'offers_' || CASE n."status" WHEN 'rejected' THEN 'declined' ELSE n."status" END, 1)
            FROM old_rows o JOIN new_rows n ON n."id" = o."id"
            WHERE n."status" IN ('accepted', 'rejected', 'withdrawn', 'expired') AND n."status" IS DISTINCT FROM o."status"
        ) AS d;
    END IF;
    PERFORM "app"."analytics_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "negotiations_analytics_insert" AFTER INSERT ON "app"."negotiations"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."negotiations_analytics"();
CREATE TRIGGER "negotiations_analytics_update" AFTER UPDATE ON "app"."negotiations"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."negotiations_analytics"();

-- CreateFunction: a play counts when its listener's row is inserted, or moved to a later counted_at
-- (the API moves it only when the last counted play is an hour old).
CREATE FUNCTION "app"."play_listeners_analytics"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    changes JSONB;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT jsonb_agg(jsonb_build_object('loop_id', n."loop_id", 'day', (n."counted_at" AT TIME ZONE 'UTC')::DATE, 'plays', 1))
        INTO changes FROM new_rows n;
    ELSE
        SELECT jsonb_agg(jsonb_build_object('loop_id', n."loop_id", 'day', (n."counted_at" AT TIME ZONE 'UTC')::DATE, 'plays', 1))
        INTO changes FROM new_rows n JOIN old_rows o ON o."loop_id" = n."loop_id" AND o."listener" = n."listener"
        WHERE n."counted_at" > o."counted_at";
    END IF;
    PERFORM "app"."analytics_apply"(changes);
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "play_listeners_analytics_insert" AFTER INSERT ON "app"."play_listeners"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."play_listeners_analytics"();
CREATE TRIGGER "play_listeners_analytics_update" AFTER UPDATE ON "app"."play_listeners"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."play_listeners_analytics"();

-- Backfill: what the tables hold now (plays were not counted before).
SELECT "app"."analytics_apply"(jsonb_agg(x)) FROM (
    SELECT "app"."sale_delta"(p, 1) AS x FROM "app"."purchases" p WHERE p."method" IN ('loop', 'wallet', 'paypal', 'card') AND p."refunded_at" IS NULL
    UNION ALL
    SELECT jsonb_build_object('loop_id', p."loop_id", 'day', (p."refunded_at" AT TIME ZONE 'UTC')::DATE, 'refunds', 1)
    FROM "app"."purchases" p WHERE p."method" IN ('loop', 'wallet', 'paypal', 'card') AND p."refunded_at" IS NOT NULL
    UNION ALL
    SELECT jsonb_build_object('loop_id', d."loop_id", 'day', (d."created_at" AT TIME ZONE 'UTC')::DATE, 'downloads', 1) FROM "app"."loop_downloads" d
    UNION ALL
    SELECT jsonb_build_object('loop_id', n."loop_id", 'day', (n."created_at" AT TIME ZONE 'UTC')::DATE, 'offers_received', 1)
        || CASE WHEN n."status" IN ('accepted', 'rejected', 'withdrawn', 'expired')
                THEN jsonb_build_object('offers_' || CASE n."status" WHEN 'rejected' THEN 'declined' ELSE n."status" END, 1)
                ELSE '{}'::JSONB END
    FROM "app"."negotiations" n
) AS b;
