-- A range's per-loop table without summing its days on every request (issue 39 §4): range=30d summed
-- some 25,000 loop-days scattered over thousands of pages per request (Postgres 4 × range=all's CPU,
-- which reads one row per loop from loop_stats_totals). Days before yesterday (UTC) rarely change, so
-- each creator's per-loop sums of a range's settled days are kept (loop_range_sums, with
-- creator_range_sums saying up to which day and at which generation), and the request adds the last
-- two days live. The API (features/analytics/analytics.service.ts) rebuilds a creator's sums when they
-- end on another day (once a day at most) or the creator's generation moved.
--
-- A creator's generation (analytics_generations) moves whenever one of their loop_daily_stats rows of
-- a day before today (the database's UTC date) is written: a refund takes a sale out of its day, an
-- offer's outcome counts on the day it was made, a play counted just before midnight commits after
-- it. The kept sums end the day before yesterday, so the two clocks may differ by up to a day.

CREATE TABLE "app"."analytics_generations" (
    "user_id" UUID NOT NULL,
    "generation" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "analytics_generations_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "app"."creator_range_sums" (
    "user_id" UUID NOT NULL,
    "days" INTEGER NOT NULL,
    "through" DATE NOT NULL,
    "generation" BIGINT NOT NULL,
    CONSTRAINT "creator_range_sums_pkey" PRIMARY KEY ("user_id", "days")
);

CREATE TABLE "app"."loop_range_sums" (
    "user_id" UUID NOT NULL,
    "days" INTEGER NOT NULL,
    "loop_id" UUID NOT NULL,
    "plays" BIGINT NOT NULL,
    "downloads" BIGINT NOT NULL,
    "refunds" BIGINT NOT NULL,
    "sales" BIGINT NOT NULL,
    "units" BIGINT NOT NULL,
    "cents" BIGINT NOT NULL,
    "offers_received" BIGINT NOT NULL,
    "offers_accepted" BIGINT NOT NULL,
    "offers_declined" BIGINT NOT NULL,
    "offers_withdrawn" BIGINT NOT NULL,
    "offers_expired" BIGINT NOT NULL,
    CONSTRAINT "loop_range_sums_pkey" PRIMARY KEY ("user_id", "days", "loop_id"),
    CONSTRAINT "loop_range_sums_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE
);
CREATE INDEX "loop_range_sums_loop_id_idx" ON "app"."loop_range_sums"("loop_id");

-- CreateFunction: the creators whose rows of a past day were written move to a new generation.
CREATE FUNCTION "app"."loop_daily_stats_past_days"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "app"."analytics_generations" AS g ("user_id", "generation")
    SELECT DISTINCT n."user_id", 1 FROM new_rows n WHERE n."day" < (now() AT TIME ZONE 'UTC')::DATE ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "generation" = g."generation" + 1;
    RETURN NULL;
END $$;
CREATE TRIGGER "loop_daily_stats_past_days_insert" AFTER INSERT ON "app"."loop_daily_stats"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loop_daily_stats_past_days"();
CREATE TRIGGER "loop_daily_stats_past_days_update" AFTER UPDATE ON "app"."loop_daily_stats"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."loop_daily_stats_past_days"();
