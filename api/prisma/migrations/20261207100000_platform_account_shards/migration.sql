-- No hot rows (docs/decisions.md, "No hot rows"). Every in-app purchase credited the one 'fees'
-- account and every bonus or reward debited the one 'issuance' account: each entry's posting
-- trigger updates that row, so concurrent payments waited on each other's row lock until commit.
-- Those two kinds are now 16 rows each (shards), an entry posting to any one of them; their
-- balance is the sum of their shards (reports, ledger:check). The other platform kinds keep one row.
-- Every platform account exists from here on, so none is created on a payment's way (the INSERT …
-- ON CONFLICT each payment made waited for every transaction that had updated the row).
ALTER TABLE "app"."ledger_accounts" ADD COLUMN "shard" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_check"
    CHECK ("shard" >= 0 AND "shard" < 16 AND ("shard" = 0 OR "kind" IN ('issuance', 'fees')));
DROP INDEX "app"."ledger_accounts_platform_kind_key";
CREATE UNIQUE INDEX "ledger_accounts_platform_kind_shard_key" ON "app"."ledger_accounts" ("kind", "shard") WHERE "user_id" IS NULL;

-- Makes the platform accounts that do not exist yet (here; and after a test empties the tables).
CREATE FUNCTION "app"."ledger_make_platform_accounts"() RETURNS void
LANGUAGE sql AS $$
    INSERT INTO "app"."ledger_accounts" ("kind", "shard")
    SELECT k."kind", s."shard"
    FROM (VALUES ('issuance', 16), ('fees', 16), ('vault', 1), ('clearing', 1), ('chargeback_losses', 1)) AS k("kind", "shards")
    CROSS JOIN LATERAL generate_series(0, k."shards" - 1) AS s("shard")
    ON CONFLICT ("kind", "shard") WHERE "user_id" IS NULL DO NOTHING
$$;
SELECT "app"."ledger_make_platform_accounts"();

-- The platform account of `p_kind` an entry posts to: for a sharded kind the shard `p_spread`
-- picks (any integer: a random one, or a hash that spreads members), otherwise the one row.
CREATE FUNCTION "app"."ledger_platform_account"(p_kind TEXT, p_spread INTEGER) RETURNS UUID
LANGUAGE sql STABLE AS $$
    SELECT a."id" FROM "app"."ledger_accounts" a
    WHERE a."kind" = p_kind AND a."user_id" IS NULL
      AND a."shard" = CASE WHEN p_kind IN ('issuance', 'fees') THEN mod(abs(p_spread::BIGINT), 16)::SMALLINT ELSE 0 END
$$;

-- The welcome bonus's issuance: a shard by the member, so sign-ups do not queue on one row.
CREATE OR REPLACE FUNCTION "app"."ledger_welcome"(p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
    issuance UUID := "app"."ledger_platform_account"('issuance', hashtext(p_user_id::text));
    promo UUID;
    entry UUID;
BEGIN
    INSERT INTO "app"."ledger_accounts" ("kind", "user_id") VALUES ('user', p_user_id), ('user_promo', p_user_id) ON CONFLICT ("user_id", "kind") DO NOTHING;
    SELECT "id" INTO promo FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id AND "kind" = 'user_promo';
    INSERT INTO "app"."ledger_entries" ("idempotency_key", "kind", "description")
        VALUES ('welcome:' || p_user_id, 'welcome_bonus', 'Welcome bonus')
        ON CONFLICT ("idempotency_key") DO NOTHING
        RETURNING "id" INTO entry;
    IF entry IS NOT NULL THEN
        -- Credit first: the member's row is locked before issuance's (platform accounts last).
        INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount") VALUES (entry, promo, 50000000000);
        INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount") VALUES (entry, issuance, -50000000000);
    END IF;
END;
$function$;
