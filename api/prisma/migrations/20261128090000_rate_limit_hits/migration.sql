-- Shared rate limits (issue 21; docs/decisions.md "Issue 21 — process roles, shared limits,
-- cross-process invalidation"): every API process counts the hits of a rate limit's key in this one
-- table (api/src/http/postgres-rate-limit-store.ts), so several replicas keep the same limits.
-- `key` is the limit's prefix and the client's key (an IP, an e-mail address); a window starts at
-- the first hit and ends at reset_at, after which the next hit counts 1 again. Rows past their
-- reset_at are deleted by a periodic sweep of the API processes.
CREATE TABLE "app"."rate_limit_hits" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "rate_limit_hits_hits_check" CHECK ("hits" >= 0)
);

-- The sweep's "reset_at <= now()".
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "app"."rate_limit_hits"("reset_at");
