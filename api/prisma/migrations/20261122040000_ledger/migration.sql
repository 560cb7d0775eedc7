-- The in-app LOOP ledger (docs/product.md#ledger): double-entry accounts, immutable entries of postings that
-- sum to zero, holds that resolve once, cached balances kept by triggers in the same transaction,
-- the welcome bonus for every user, and the stored answers of idempotent money calls.
-- Amounts are BIGINT in ledger units (10^-8 LOOP).

-- CreateTable: one account per user (kind 'user'), one per platform kind (user_id NULL).
CREATE TABLE "app"."ledger_accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "user_id" UUID,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "held" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_accounts_kind_check" CHECK ("kind" IN ('user', 'issuance', 'fees', 'vault', 'clearing')),
    CONSTRAINT "ledger_accounts_owner_check" CHECK (("kind" = 'user') = ("user_id" IS NOT NULL)),
    CONSTRAINT "ledger_accounts_held_check" CHECK ("held" >= 0),
    -- Platform accounts may go negative (issuance is the source of all LOOP); users never, and
    -- never spend what is held. Under any concurrency: this is checked on every row update.
    CONSTRAINT "ledger_accounts_user_funds_check" CHECK ("kind" <> 'user' OR ("balance" >= 0 AND "balance" - "held" >= 0))
);
CREATE UNIQUE INDEX "ledger_accounts_user_id_key" ON "app"."ledger_accounts"("user_id");
CREATE UNIQUE INDEX "ledger_accounts_platform_kind_key" ON "app"."ledger_accounts"("kind") WHERE "user_id" IS NULL;
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "app"."ledger_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "idempotency_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit', 'withdrawal', 'vault_deposit', 'correction'))
);
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "app"."ledger_entries"("idempotency_key");

-- CreateTable
CREATE TABLE "app"."ledger_postings" (
    "id" BIGSERIAL NOT NULL,
    "entry_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "amount" BIGINT NOT NULL,
    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_postings_amount_check" CHECK ("amount" <> 0)
);
CREATE INDEX "ledger_postings_entry_id_idx" ON "app"."ledger_postings"("entry_id");
CREATE INDEX "ledger_postings_account_id_id_idx" ON "app"."ledger_postings"("account_id", "id");
ALTER TABLE "app"."ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "app"."ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- CreateTable
CREATE TABLE "app"."ledger_holds" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "amount" BIGINT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "reason" TEXT NOT NULL,
    "entry_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    CONSTRAINT "ledger_holds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_holds_amount_check" CHECK ("amount" > 0),
    CONSTRAINT "ledger_holds_state_check" CHECK ("state" IN ('open', 'captured', 'released')),
    CONSTRAINT "ledger_holds_resolved_check" CHECK (("state" = 'open') = ("resolved_at" IS NULL))
);
CREATE INDEX "ledger_holds_account_id_state_idx" ON "app"."ledger_holds"("account_id", "state");
ALTER TABLE "app"."ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "app"."ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."ledger_holds" ADD CONSTRAINT "ledger_holds_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- CreateTable: the first answer of a money call per (user, Idempotency-Key).
CREATE TABLE "app"."idempotency_requests" (
    "user_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER,
    -- The JSON body exactly as first sent (TEXT, not JSONB: a replay is byte for byte the same).
    "response" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "idempotency_requests_pkey" PRIMARY KEY ("user_id", "key")
);
ALTER TABLE "app"."idempotency_requests" ADD CONSTRAINT "idempotency_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Entries and postings are never changed or deleted (corrections are new entries).
CREATE FUNCTION "app"."ledger_immutable"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger % rows are immutable', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "app"."ledger_entries"
    FOR EACH ROW EXECUTE FUNCTION "app"."ledger_immutable"();
CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "app"."ledger_postings"
    FOR EACH ROW EXECUTE FUNCTION "app"."ledger_immutable"();

-- A posting moves its account's cached balance (the user-funds CHECK refuses an overdraft).
CREATE FUNCTION "app"."ledger_posting_applied"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "app"."ledger_accounts" SET "balance" = "balance" + NEW."amount" WHERE "id" = NEW."account_id";
    RETURN NULL;
END;
$$;
CREATE TRIGGER "ledger_postings_applied" AFTER INSERT ON "app"."ledger_postings"
    FOR EACH ROW EXECUTE FUNCTION "app"."ledger_posting_applied"();

-- At commit, every entry that got postings in this transaction has at least two, summing to zero.
CREATE FUNCTION "app"."ledger_entry_balanced"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
    total NUMERIC;
    n INTEGER;
BEGIN
    SELECT COALESCE(SUM("amount"), 0), COUNT(*) INTO total, n FROM "app"."ledger_postings" WHERE "entry_id" = NEW."entry_id";
    IF total <> 0 OR n < 2 THEN
        RAISE EXCEPTION 'ledger entry % is unbalanced (% postings summing to %)', NEW."entry_id", n, total USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "app"."ledger_postings"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "app"."ledger_entry_balanced"();

-- Holds: account, amount and reason never change; the state leaves 'open' once; the cached
-- held amount follows (the user-funds CHECK refuses a hold above the available balance).
CREATE FUNCTION "app"."ledger_hold_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'ledger holds are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW."state" <> 'open' THEN
            RAISE EXCEPTION 'a hold starts open' USING ERRCODE = 'check_violation';
        END IF;
        UPDATE "app"."ledger_accounts" SET "held" = "held" + NEW."amount" WHERE "id" = NEW."account_id";
        RETURN NEW;
    END IF;
    IF NEW."account_id" <> OLD."account_id" OR NEW."amount" <> OLD."amount" OR NEW."reason" <> OLD."reason" OR NEW."created_at" <> OLD."created_at" THEN
        RAISE EXCEPTION 'a hold''s account, amount and reason never change' USING ERRCODE = 'restrict_violation';
    END IF;
    IF OLD."state" = 'captured' AND NEW."state" = 'captured' AND OLD."entry_id" IS NULL AND NEW."entry_id" IS NOT NULL
        AND NEW."resolved_at" = OLD."resolved_at" THEN
        RETURN NEW; -- a capture records its entry once, right after releasing the reservation
    END IF;
    IF OLD."state" <> 'open' THEN
        RAISE EXCEPTION 'hold % is already %', OLD."id", OLD."state" USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW."state" <> 'open' THEN
        UPDATE "app"."ledger_accounts" SET "held" = "held" - NEW."amount" WHERE "id" = NEW."account_id";
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER "ledger_holds_changed" BEFORE INSERT OR UPDATE OR DELETE ON "app"."ledger_holds"
    FOR EACH ROW EXECUTE FUNCTION "app"."ledger_hold_changed"();

-- The welcome bonus: 500 LOOP from issuance, once per user (key welcome:<user id>), in the
-- transaction that creates the user, whichever path creates it (sign-in, OIDC, seed).
CREATE FUNCTION "app"."ledger_welcome"(p_user_id UUID) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    issuance UUID;
    account UUID;
    entry UUID;
BEGIN
    INSERT INTO "app"."ledger_accounts" ("kind") VALUES ('issuance') ON CONFLICT ("kind") WHERE "user_id" IS NULL DO NOTHING;
    SELECT "id" INTO issuance FROM "app"."ledger_accounts" WHERE "kind" = 'issuance' AND "user_id" IS NULL;
    INSERT INTO "app"."ledger_accounts" ("kind", "user_id") VALUES ('user', p_user_id) ON CONFLICT ("user_id") DO NOTHING;
    SELECT "id" INTO account FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id;
    INSERT INTO "app"."ledger_entries" ("idempotency_key", "kind", "description")
        VALUES ('welcome:' || p_user_id, 'welcome_bonus', 'Welcome bonus')
        ON CONFLICT ("idempotency_key") DO NOTHING
        RETURNING "id" INTO entry;
    IF entry IS NOT NULL THEN
        -- Credit first: the user's row is locked before issuance's, like every other entry that
        -- touches a user and a platform account (platform accounts last).
        INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount") VALUES (entry, account, 50000000000);
        INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount") VALUES (entry, issuance, -50000000000);
    END IF;
END;
$$;

CREATE FUNCTION "app"."users_welcome"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "app"."ledger_welcome"(NEW."id");
    RETURN NULL;
END;
$$;
CREATE TRIGGER "users_welcome" AFTER INSERT ON "app"."users"
    FOR EACH ROW EXECUTE FUNCTION "app"."users_welcome"();

-- Existing users get theirs now (the same keys: running it again changes nothing).
SELECT "app"."ledger_welcome"("id") FROM "app"."users" ORDER BY "created_at", "id";
