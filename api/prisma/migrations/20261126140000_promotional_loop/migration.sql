-- Promotional LOOP (issue 18): the welcome bonus and level rewards are promotional credit. It can
-- be spent on loops (purchases, offers) but never sent to another member nor withdrawn, so signing
-- in with fresh wallets and funnelling their bonuses to one account gains nothing that can leave
-- the platform. Every member has a second ledger account, kind 'user_promo', beside the 'user'
-- account (which keeps everything else: bought, deposited, received from members, sale proceeds
-- paid with withdrawable LOOP). Every movement stays one balanced entry with an idempotency key:
-- - bonuses and rewards: issuance → the member's promotional account;
-- - paying for a loop takes promotional LOOP first; the seller is credited promotional LOOP for
--   the promotional part (up to the price), the fee takes what is left of it, then withdrawable;
-- - transfers and withdrawals touch only the 'user' account (app.ledger_user_account).
-- ledger:check proves it (no promotional LOOP in a withdrawal or a transfer, promotional LOOP
-- spent never comes out withdrawable, bonuses and rewards never credited as withdrawable).

-- Account kinds: 'user_promo' belongs to a member, like 'user'; neither is ever overdrawn.
-- (Every kind of 20261126120000_fiat_sale_holds is kept.)
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check"
    CHECK ("kind" IN ('user', 'user_promo', 'issuance', 'fees', 'vault', 'clearing', 'chargeback_losses'));
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("kind" IN ('user', 'user_promo')) = ("user_id" IS NOT NULL));
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_funds_check";
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_funds_check"
    CHECK ("kind" NOT IN ('user', 'user_promo') OR ("balance" >= 0 AND "balance" - "held" >= 0));
-- One account of each member kind per member.
DROP INDEX "app"."ledger_accounts_user_id_key";
CREATE UNIQUE INDEX "ledger_accounts_user_id_kind_key" ON "app"."ledger_accounts"("user_id", "kind");

-- promotional_split: this migration's reclassification of a member's existing bonuses and rewards
-- (their 'user' account → their 'user_promo' account). Every kind of 20261126120000 is kept.
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check"
    CHECK ("kind" IN ('welcome_bonus', 'user_transfer', 'admin_airdrop', 'reward', 'level_reward', 'purchase', 'sale', 'deposit',
                      'withdrawal', 'vault_deposit', 'correction', 'sale_reversal', 'chargeback_loss', 'promotional_split'));

-- The member's withdrawable account ('user'), created on first use; SQLSTATE LE002 for no such user.
CREATE OR REPLACE FUNCTION "app"."ledger_user_account"(p_user_id UUID) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_id UUID;
BEGIN
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id AND "kind" = 'user';
    IF FOUND THEN
        RETURN v_id;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "app"."users" WHERE "id" = p_user_id) THEN
        RAISE EXCEPTION '%', p_user_id USING ERRCODE = 'LE002';
    END IF;
    INSERT INTO "app"."ledger_accounts" ("kind", "user_id") VALUES ('user', p_user_id) ON CONFLICT ("user_id", "kind") DO NOTHING;
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id AND "kind" = 'user';
    RETURN v_id;
END;
$$;

-- The member's promotional account ('user_promo'), created on first use; LE002 for no such user.
CREATE FUNCTION "app"."ledger_user_promo_account"(p_user_id UUID) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_id UUID;
BEGIN
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id AND "kind" = 'user_promo';
    IF FOUND THEN
        RETURN v_id;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "app"."users" WHERE "id" = p_user_id) THEN
        RAISE EXCEPTION '%', p_user_id USING ERRCODE = 'LE002';
    END IF;
    INSERT INTO "app"."ledger_accounts" ("kind", "user_id") VALUES ('user_promo', p_user_id) ON CONFLICT ("user_id", "kind") DO NOTHING;
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id AND "kind" = 'user_promo';
    RETURN v_id;
END;
$$;

-- As in 20261122080000_ledger_post, with both member kinds protected against an overdraft.
CREATE OR REPLACE FUNCTION "app"."ledger_post"(p_key TEXT, p_kind TEXT, p_description TEXT, p_accounts UUID[], p_amounts BIGINT[],
    p_entry_id UUID DEFAULT NULL, p_created_at TIMESTAMPTZ DEFAULT NULL)
RETURNS TABLE ("entry_id" UUID, "entry_kind" TEXT, "entry_created_at" TIMESTAMPTZ, "created" BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
    v_entry "app"."ledger_entries"%ROWTYPE;
    v_account RECORD;
BEGIN
    IF cardinality(p_accounts) <> cardinality(p_amounts) OR cardinality(p_accounts) < 2 THEN
        RAISE EXCEPTION 'ledger: an entry needs at least two postings' USING ERRCODE = 'check_violation';
    END IF;
    SELECT * INTO v_entry FROM "app"."ledger_entries" WHERE "idempotency_key" = p_key;
    IF FOUND THEN
        RETURN QUERY SELECT v_entry."id", v_entry."kind", v_entry."created_at"::TIMESTAMPTZ, FALSE;
        RETURN;
    END IF;
    FOR v_account IN
        SELECT a."id", a."kind", a."balance" - a."held" AS available, COALESCE(d.delta, 0) AS delta
        FROM "app"."ledger_accounts" a
        LEFT JOIN (
            SELECT p.account_id, SUM(p.amount)::BIGINT AS delta FROM unnest(p_accounts, p_amounts) AS p(account_id, amount) GROUP BY p.account_id
        ) d ON d.account_id = a."id"
        WHERE a."id" = ANY (p_accounts)
        ORDER BY a."id"
        FOR UPDATE OF a
    LOOP
        IF v_account."kind" IN ('user', 'user_promo') AND v_account.delta < 0 AND v_account.available + v_account.delta < 0 THEN
            RAISE EXCEPTION '%', v_account."id" USING ERRCODE = 'LE001';
        END IF;
    END LOOP;
    SELECT * INTO v_entry FROM "app"."ledger_entries" WHERE "idempotency_key" = p_key;
    IF FOUND THEN
        RETURN QUERY SELECT v_entry."id", v_entry."kind", v_entry."created_at"::TIMESTAMPTZ, FALSE;
        RETURN;
    END IF;
    INSERT INTO "app"."ledger_entries" ("id", "idempotency_key", "kind", "description", "created_at")
        VALUES (COALESCE(p_entry_id, gen_random_uuid()), p_key, p_kind, p_description, COALESCE(p_created_at, CURRENT_TIMESTAMP))
        RETURNING * INTO v_entry;
    INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount")
        SELECT v_entry."id", p.account_id, p.amount FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS p(account_id, amount, n) ORDER BY p.n;
    RETURN QUERY SELECT v_entry."id", v_entry."kind", v_entry."created_at"::TIMESTAMPTZ, TRUE;
END;
$$;

-- The welcome bonus (as in 20261122040000_ledger) is promotional: 500 LOOP from issuance into the
-- member's promotional account, once per user (key welcome:<user id>), in the transaction that
-- creates the user. Both of the member's accounts are created here.
CREATE OR REPLACE FUNCTION "app"."ledger_welcome"(p_user_id UUID) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    issuance UUID;
    promo UUID;
    entry UUID;
BEGIN
    INSERT INTO "app"."ledger_accounts" ("kind") VALUES ('issuance') ON CONFLICT ("kind") WHERE "user_id" IS NULL DO NOTHING;
    SELECT "id" INTO issuance FROM "app"."ledger_accounts" WHERE "kind" = 'issuance' AND "user_id" IS NULL;
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
$$;

-- An in-app offer holds the promotional part of its amount on the promotional account (promo_hold_id)
-- and the rest on the withdrawable one (hold_id); either may be absent. Wallet offers hold neither.
ALTER TABLE "app"."negotiations" ADD COLUMN "promo_hold_id" UUID;
CREATE UNIQUE INDEX "negotiations_promo_hold_id_key" ON "app"."negotiations"("promo_hold_id");
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_promo_hold_id_fkey" FOREIGN KEY ("promo_hold_id") REFERENCES "app"."ledger_holds"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_promo_hold_check" CHECK ("funding" = 'app' OR "promo_hold_id" IS NULL);

-- XP for offer actions (making, countering, accepting) counts at most once per member and
-- counterpart in 24 hours: the counterpart of each such award, and the index that finds the last.
ALTER TABLE "app"."xp_events" ADD COLUMN "counterpart_id" UUID;
CREATE INDEX "xp_events_user_id_counterpart_id_created_at_idx" ON "app"."xp_events"("user_id", "counterpart_id", "created_at") WHERE "counterpart_id" IS NOT NULL;

-- Existing members. Every member gets a promotional account now (so ledger:check can tell the
-- bonuses and rewards posted before this migration, which credited 'user', from later ones). The
-- bonuses and rewards they got are reclassified as spending would have used them: promotional =
-- what they received as welcome bonus and rewards, less what they paid for loops (spending takes
-- promotional LOOP first), never more than what they have available now. LOOP already sent or
-- withdrawn is not clawed back; open holds (offers, withdrawals, pending sale proceeds) stay where
-- they are. One entry per member, key promotional-split:<user id>: running it again moves nothing.
INSERT INTO "app"."ledger_accounts" ("kind", "user_id") SELECT 'user_promo', u."id" FROM "app"."users" u ORDER BY u."id"
    ON CONFLICT ("user_id", "kind") DO NOTHING;
DO $$
DECLARE
    r RECORD;
BEGIN
    FOR r IN
        SELECT a."user_id", a."id" AS account, pa."id" AS promo,
               LEAST(a."balance" - a."held", GREATEST(0, COALESCE(g.granted, 0) - COALESCE(s.spent, 0)))::BIGINT AS amount
        FROM "app"."ledger_accounts" a
        JOIN "app"."ledger_accounts" pa ON pa."user_id" = a."user_id" AND pa."kind" = 'user_promo'
        LEFT JOIN (
            SELECT p."account_id", SUM(p."amount") AS granted FROM "app"."ledger_postings" p JOIN "app"."ledger_entries" e ON e."id" = p."entry_id"
            WHERE e."kind" IN ('welcome_bonus', 'reward', 'level_reward') AND p."amount" > 0 GROUP BY p."account_id"
        ) g ON g."account_id" = a."id"
        LEFT JOIN (
            SELECT p."account_id", -SUM(p."amount") AS spent FROM "app"."ledger_postings" p JOIN "app"."ledger_entries" e ON e."id" = p."entry_id"
            WHERE e."kind" = 'purchase' AND p."amount" < 0 GROUP BY p."account_id"
        ) s ON s."account_id" = a."id"
        WHERE a."kind" = 'user'
        ORDER BY a."user_id"
    LOOP
        IF r.amount > 0 THEN
            PERFORM "app"."ledger_post"('promotional-split:' || r."user_id", 'promotional_split',
                'Welcome bonus and level rewards: promotional LOOP (spend it on loops)',
                ARRAY[r.account, r.promo], ARRAY[-r.amount, r.amount]);
        END IF;
    END LOOP;
END;
$$;
