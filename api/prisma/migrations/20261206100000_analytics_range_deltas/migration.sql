-- A range's kept sums follow every write (docs/decisions.md, "30 days cost what all time costs"):
-- migration 20261203090000_analytics_range_sums kept each creator's per-loop sums of a range up to the
-- day before yesterday, and every request still summed the last two days live from loop_daily_stats
-- (some 2,000 loop-days on as many heap pages for a creator with 1,000 loops: Postgres 1.9 × what all
-- time costs, which reads one row per loop). Now the rollups' writes add their deltas to every kept
-- range whose days they fall in, so the kept sums can end today and a request reads one row per loop,
-- as all time does.
--
-- The API rebuilds a creator's kept sums (its first request of a day, or after a past day changed)
-- under an exclusive advisory lock on the creator, 'analytics_range:<user id>'; each write takes the
-- same lock shared before it adds its deltas. A write that commits before a rebuild starts is in the
-- rebuild's snapshot; one that starts after the rebuild took the lock waits for it and then adds its
-- deltas to the rebuilt sums; a rebuild waits for writes in progress. So no delta is lost or counted
-- twice. Writes never wait for each other on it (shared).

-- The daily rollups, as they were: loop_daily_stats, creator_daily_stats, loop_stats_totals.
ALTER FUNCTION "app"."analytics_apply"(JSONB) RENAME TO "analytics_apply_rollups";

-- CreateFunction: the rollups, then the kept range sums the changes fall in.
CREATE FUNCTION "app"."analytics_apply"(changes JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF changes IS NULL OR jsonb_array_length(changes) = 0 THEN
        RETURN;
    END IF;
    PERFORM "app"."analytics_apply_rollups"(changes);
    PERFORM pg_advisory_xact_lock_shared(hashtext('analytics_range:' || u."user_id"::TEXT))
    FROM (SELECT DISTINCT d."user_id" FROM "app"."analytics_deltas"(changes) d ORDER BY 1) u;
    INSERT INTO "app"."loop_range_sums" AS r ("user_id", "days", "loop_id", "plays", "downloads", "refunds", "sales", "units", "cents",
                                             "offers_received", "offers_accepted", "offers_declined", "offers_withdrawn", "offers_expired")
    SELECT m."user_id", m."days", d."loop_id", sum(d."plays")::BIGINT, sum(d."downloads")::BIGINT, sum(d."refunds")::BIGINT,
           sum(d."sales_loop" + d."sales_wallet" + d."sales_paypal" + d."sales_card")::BIGINT,
           sum(d."earnings_units_loop" + d."earnings_units_wallet" + d."earnings_units_paypal" + d."earnings_units_card")::BIGINT,
           sum(d."earnings_cents_loop" + d."earnings_cents_wallet" + d."earnings_cents_paypal" + d."earnings_cents_card")::BIGINT,
           sum(d."offers_received")::BIGINT, sum(d."offers_accepted")::BIGINT, sum(d."offers_declined")::BIGINT,
           sum(d."offers_withdrawn")::BIGINT, sum(d."offers_expired")::BIGINT
    FROM "app"."analytics_deltas"(changes) d
    JOIN "app"."creator_range_sums" m ON m."user_id" = d."user_id" AND d."day" <= m."through" AND d."day" > m."through" - m."days"
    GROUP BY m."user_id", m."days", d."loop_id"
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "days", "loop_id") DO UPDATE SET
        "plays" = r."plays" + excluded."plays",
        "downloads" = r."downloads" + excluded."downloads",
        "refunds" = r."refunds" + excluded."refunds",
        "sales" = r."sales" + excluded."sales",
        "units" = r."units" + excluded."units",
        "cents" = r."cents" + excluded."cents",
        "offers_received" = r."offers_received" + excluded."offers_received",
        "offers_accepted" = r."offers_accepted" + excluded."offers_accepted",
        "offers_declined" = r."offers_declined" + excluded."offers_declined",
        "offers_withdrawn" = r."offers_withdrawn" + excluded."offers_withdrawn",
        "offers_expired" = r."offers_expired" + excluded."offers_expired";
END $$;
