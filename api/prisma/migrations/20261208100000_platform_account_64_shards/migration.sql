-- 64 shards of 'issuance' and 'fees' (were 16; docs/decisions.md "No hot rows"). With two API
-- processes, a quarter of the sessions waited for a shard of issuance: level rewards come from a
-- shard chosen at random, inside purchases that hold it until they commit, and fresh members reach
-- levels often. Four times the rows, a quarter of the chance two entries meet on one. The balances
-- already in shards 0-15 stay there: a kind's balance is the sum of its shards.
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_shard_check";
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_check"
    CHECK ("shard" >= 0 AND "shard" < 64 AND ("shard" = 0 OR "kind" IN ('issuance', 'fees')));

CREATE OR REPLACE FUNCTION "app"."ledger_make_platform_accounts"() RETURNS void
LANGUAGE sql AS $$
    INSERT INTO "app"."ledger_accounts" ("kind", "shard")
    SELECT k."kind", s."shard"
    FROM (VALUES ('issuance', 64), ('fees', 64), ('vault', 1), ('clearing', 1), ('chargeback_losses', 1)) AS k("kind", "shards")
    CROSS JOIN LATERAL generate_series(0, k."shards" - 1) AS s("shard")
    ON CONFLICT ("kind", "shard") WHERE "user_id" IS NULL DO NOTHING
$$;
SELECT "app"."ledger_make_platform_accounts"();

CREATE OR REPLACE FUNCTION "app"."ledger_platform_account"(p_kind TEXT, p_spread INTEGER) RETURNS UUID
LANGUAGE sql STABLE AS $$
    SELECT a."id" FROM "app"."ledger_accounts" a
    WHERE a."kind" = p_kind AND a."user_id" IS NULL
      AND a."shard" = CASE WHEN p_kind IN ('issuance', 'fees') THEN mod(abs(p_spread::BIGINT), 64)::SMALLINT ELSE 0 END
$$;
