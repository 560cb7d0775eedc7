-- Issue 39 §3: an in-app purchase in one statement. A purchase paid with the in-app balance was a
-- transaction of ten round trips (the Idempotency-Key's claim, the facts, the XP, the accounts'
-- locks, the entry, the purchase row, its licence, the notifications, the stored answer, the
-- commit). From the accounts' locks on, the transaction sat idle while its API answered other
-- requests between statements: under load the other payments of the same members, and the fee
-- shards, waited on it (docs/capacity.md, "what breaks first").
--
-- The API reads the facts first, outside any transaction (purchaseFacts), and prices the purchase
-- with the rules (the fee, the XP, the promotional LOOP spent first) as its draft. This function
-- then does the whole purchase in one statement when the draft still holds; whatever the rules
-- decide stays the API's:
--   the loop is the one priced (seller, title, price, visibility), still paid, and the format's
--   fee is the one priced;
--   each user the XP goes to is at the level read, and the award takes them no further than the
--   levels the draft covers (below p_level_up_at);
--   the buyer's and the seller's accounts exist, the buyer's promotional LOOP available is what
--   the draft split the payment by, and their withdrawable LOOP covers the rest;
--   the buyer does not own the loop in this format, and the entry's key is unused.
-- When any of these fails, nothing is written (a claimed key is given back) and the row's
-- "outcome" is 'transaction_path': the API runs the purchase's transaction, which answers as it
-- always did. So the refusals keep one author.
--
-- A level reached pays its reward as the transaction path does (award-xp.ts): the draft lists, per
-- user, the levels it covers (p_reward_*: the experience that reaches each, its reward, the entry's
-- key and the "Level Up!" texts, paid or not). The levels reached are those whose experience the
-- user's new experience reaches; each pays its reward once (the entry's key and UNIQUE (user_id,
-- level)), and the user's level rises to the highest.
--
-- Locks are taken in the transaction path's order: the key's claim, the users (app.xp_award), when
-- a level is reached the rewards' accounts in id order (the users' promotional accounts and a shard
-- of issuance), the payment's accounts in id order (app.ledger_post), the loop (the purchase row's
-- count trigger).
--
-- p_amounts are the entry's postings by account, in the order buyer_promo, buyer, seller_promo,
-- seller, fees (zeros are left out). The answer names the purchase's licence, which the database
-- writes with the purchase row: it is p_response_head || licence id || p_response_tail. The
-- notifications and the buyer's member_changed are announced by the API once committed
-- (app.announce_committed, below).
-- An Idempotency-Key's claim, for a money call whose one statement stores its own answer
-- (app.token_transfer, app.purchase_in_app). 'claimed': the key is this call's, its row written with
-- p_status and p_response (NULL until the caller sets them before its commit). Otherwise the key's
-- stored answer: 'replay' (the same request) or 'conflict' (another request), with its status and
-- response. Waits while a concurrent call holds an uncommitted claim of the same key.
CREATE FUNCTION "app"."idempotency_claim"(p_user UUID, p_key TEXT, p_hash TEXT, p_status INTEGER, p_response TEXT)
RETURNS TABLE ("outcome" TEXT, "status" INTEGER, "response" TEXT)
LANGUAGE plpgsql AS $$
DECLARE
    v_stored RECORD;
BEGIN
    INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash", "status", "response")
        VALUES (p_user, p_key, p_hash, p_status, p_response)
        ON CONFLICT DO NOTHING;
    IF FOUND THEN
        RETURN QUERY SELECT 'claimed'::TEXT, NULL::INTEGER, NULL::TEXT;
        RETURN;
    END IF;
    SELECT r."request_hash", r."status", r."response" INTO v_stored
        FROM "app"."idempotency_requests" r WHERE r."user_id" = p_user AND r."key" = p_key;
    IF NOT FOUND OR v_stored."status" IS NULL THEN
        RAISE EXCEPTION 'idempotency_claim: the claim of key % has no answer', p_key USING ERRCODE = 'serialization_failure';
    END IF;
    RETURN QUERY SELECT CASE WHEN v_stored."request_hash" = p_hash THEN 'replay' ELSE 'conflict' END, v_stored."status", v_stored."response";
END;
$$;

-- The transfer claims its key through it (otherwise as 20261126180000_transfer_function).
CREATE OR REPLACE FUNCTION "app"."token_transfer"(p_sender UUID, p_recipient UUID, p_amount BIGINT, p_description TEXT,
    p_entry_id UUID, p_entry_key TEXT, p_created_at TIMESTAMPTZ,
    p_request_key TEXT, p_request_hash TEXT, p_status INTEGER, p_response TEXT,
    p_notification_type TEXT, p_notification_title TEXT, p_notification_message TEXT, p_notification_url TEXT, p_notification_action TEXT)
RETURNS TABLE ("outcome" TEXT, "status" INTEGER, "response" TEXT, "withdrawable" BIGINT, "promotional" BIGINT, "notification_id" UUID)
LANGUAGE plpgsql AS $$
DECLARE
    v_from UUID;
    v_to UUID;
    v_available BIGINT;
    v_account RECORD;
    v_claim RECORD;
    v_notification UUID;
BEGIN
    IF p_amount IS NULL OR p_amount <= 0 OR p_sender = p_recipient THEN
        RAISE EXCEPTION 'token_transfer: a positive amount to another member' USING ERRCODE = 'check_violation';
    END IF;
    IF p_request_key IS NOT NULL THEN
        SELECT c.* INTO v_claim FROM "app"."idempotency_claim"(p_sender, p_request_key, p_request_hash, p_status, p_response) c;
        IF v_claim."outcome" <> 'claimed' THEN
            RETURN QUERY SELECT v_claim."outcome", v_claim."status", v_claim."response", NULL::BIGINT, NULL::BIGINT, NULL::UUID;
            RETURN;
        END IF;
    END IF;

    -- Both 'user' accounts locked in id order, as app.ledger_post does (transfers in both
    -- directions between two members never deadlock); the sender's available balance read under
    -- the lock. Members get theirs with the welcome bonus; one created on first use otherwise.
    FOR v_attempt IN 1..2 LOOP
        v_from := NULL;
        v_to := NULL;
        FOR v_account IN
            SELECT a."id", a."user_id", a."balance" - a."held" AS available FROM "app"."ledger_accounts" a
            WHERE a."user_id" IN (p_sender, p_recipient) AND a."kind" = 'user' ORDER BY a."id" FOR UPDATE
        LOOP
            IF v_account."user_id" = p_sender THEN
                v_from := v_account."id";
                v_available := v_account.available;
            ELSE
                v_to := v_account."id";
            END IF;
        END LOOP;
        EXIT WHEN v_from IS NOT NULL AND v_to IS NOT NULL;
        IF v_attempt = 2 THEN
            RAISE EXCEPTION 'token_transfer: no account for %', CASE WHEN v_from IS NULL THEN p_sender ELSE p_recipient END;
        END IF;
        IF v_to IS NULL AND NOT EXISTS (SELECT 1 FROM "app"."users" u WHERE u."id" = p_recipient) THEN
            IF p_request_key IS NOT NULL THEN
                DELETE FROM "app"."idempotency_requests" r WHERE r."user_id" = p_sender AND r."key" = p_request_key;
            END IF;
            RETURN QUERY SELECT 'recipient_not_found'::TEXT, NULL::INTEGER, NULL::TEXT, NULL::BIGINT, NULL::BIGINT, NULL::UUID;
            RETURN;
        END IF;
        PERFORM "app"."ledger_user_account"(p_sender), "app"."ledger_user_account"(p_recipient);
    END LOOP;
    IF v_available < p_amount THEN
        IF p_request_key IS NOT NULL THEN
            DELETE FROM "app"."idempotency_requests" r WHERE r."user_id" = p_sender AND r."key" = p_request_key;
        END IF;
        RETURN QUERY SELECT 'insufficient'::TEXT, NULL::INTEGER, NULL::TEXT, v_available,
            COALESCE((SELECT a."balance" FROM "app"."ledger_accounts" a WHERE a."user_id" = p_sender AND a."kind" = 'user_promo'), 0)::BIGINT,
            NULL::UUID;
        RETURN;
    END IF;

    -- The debit first, then the credit (the postings' order, as before).
    INSERT INTO "app"."ledger_entries" ("id", "idempotency_key", "kind", "description", "created_at")
        VALUES (p_entry_id, p_entry_key, 'user_transfer', p_description, p_created_at);
    INSERT INTO "app"."ledger_postings" ("entry_id", "account_id", "amount")
        VALUES (p_entry_id, v_from, -p_amount), (p_entry_id, v_to, p_amount);
    -- Announced by the caller once committed (app.notifications_announce_committed).
    PERFORM set_config('app.notifications_announced_after_commit', 'on', true);
    INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text")
        VALUES (p_recipient, p_notification_type, p_notification_title, p_notification_message, p_notification_url, p_notification_action)
        RETURNING "id" INTO v_notification;
    PERFORM set_config('app.notifications_announced_after_commit', 'off', true);
    RETURN QUERY SELECT 'posted'::TEXT, p_status, p_response, NULL::BIGINT, NULL::BIGINT, v_notification;
END;
$$;

CREATE FUNCTION "app"."purchase_in_app"(p_buyer UUID, p_loop UUID, p_format TEXT,
    p_seller UUID, p_title TEXT, p_price_cents INTEGER, p_loop_status TEXT, p_is_public BOOLEAN, p_unlisted BOOLEAN, p_fee_bps INTEGER,
    p_xp_users UUID[], p_xp_events TEXT[], p_xp_keys TEXT[], p_xps INTEGER[], p_levels INTEGER[], p_level_up_at INTEGER[],
    p_reward_users UUID[], p_reward_levels INTEGER[], p_reward_at INTEGER[], p_reward_units BIGINT[], p_reward_keys TEXT[],
    p_reward_descriptions TEXT[], p_reward_paid_messages TEXT[], p_reward_unpaid_messages TEXT[], p_issuance_shard INTEGER,
    p_level_up_title TEXT, p_level_up_url TEXT, p_level_up_action TEXT,
    p_entry_id UUID, p_entry_key TEXT, p_description TEXT, p_amounts BIGINT[], p_buyer_promo_available BIGINT, p_fee_shard INTEGER,
    p_purchase_id UUID, p_fee_cents INTEGER, p_loop_units BIGINT, p_created_at TIMESTAMPTZ,
    p_notification_users UUID[], p_notification_types TEXT[], p_notification_titles TEXT[], p_notification_messages TEXT[],
    p_notification_urls TEXT[], p_notification_actions TEXT[],
    p_request_key TEXT, p_request_hash TEXT, p_status INTEGER, p_response_head TEXT, p_response_tail TEXT)
RETURNS TABLE ("outcome" TEXT, "status" INTEGER, "response" TEXT, "notification_users" UUID[], "notification_ids" UUID[])
LANGUAGE plpgsql AS $$
DECLARE
    v_claim RECORD;
    v_account RECORD;
    v_buyer UUID;
    v_buyer_promo UUID;
    v_seller UUID;
    v_seller_promo UUID;
    v_fees UUID;
    v_buyer_available BIGINT;
    v_buyer_promo_available BIGINT;
    v_holds BOOLEAN;
    v_accounts UUID[];
    v_amounts BIGINT[];
    v_entry RECORD;
    v_licence UUID;
    v_response TEXT;
    v_notification_users UUID[] := '{}';
    v_notification_ids UUID[] := '{}';
    v_gain_users UUID[];
    v_gains INTEGER[];
    v_reached INTEGER[];
    v_rewarded UUID[];
    v_buyer_rewards BIGINT := 0;
    v_issuance UUID;
    v_reward RECORD;
    v_posted RECORD;
    v_paid BOOLEAN;
    v_notification UUID;
BEGIN
    IF cardinality(p_amounts) <> 5 OR p_price_cents <= 0 OR p_loop_units <= 0 THEN
        RAISE EXCEPTION 'purchase_in_app: a paid purchase with five amounts' USING ERRCODE = 'check_violation';
    END IF;
    IF p_request_key IS NOT NULL THEN
        SELECT c.* INTO v_claim FROM "app"."idempotency_claim"(p_buyer, p_request_key, p_request_hash, NULL, NULL) c;
        IF v_claim."outcome" <> 'claimed' THEN
            RETURN QUERY SELECT v_claim."outcome", v_claim."status", v_claim."response", NULL::UUID[], NULL::UUID[];
            RETURN;
        END IF;
    END IF;

    -- The users the XP goes to, locked in id order (as app.xp_award does), and what each gains:
    -- the awards not recorded before (each counts once per user, event and key).
    PERFORM 1 FROM "app"."users" u WHERE u."id" = ANY (p_xp_users) ORDER BY u."id" FOR NO KEY UPDATE;
    SELECT coalesce(array_agg(g."id"), '{}'), coalesce(array_agg(g."gain"), '{}') INTO v_gain_users, v_gains
    FROM (SELECT x."id", sum(CASE WHEN EXISTS (SELECT 1 FROM "app"."xp_events" e
                                               WHERE e."user_id" = x."id" AND e."event" = x."event" AND e."key" = x."key")
                                  THEN 0 ELSE x."xp" END)::INTEGER AS "gain"
          FROM unnest(p_xp_users, p_xp_events, p_xp_keys, p_xps) AS x("id", "event", "key", "xp") GROUP BY x."id") g;
    -- At the levels read, and short of the levels the draft does not cover.
    v_holds := NOT EXISTS (
        SELECT 1
        FROM unnest(p_xp_users, p_levels, p_level_up_at) AS c("id", "level", "up_at")
        JOIN unnest(v_gain_users, v_gains) AS g("id", "gain") ON g."id" = c."id"
        LEFT JOIN "app"."users" u ON u."id" = c."id"
        WHERE u."id" IS NULL OR u."level" <> c."level" OR u."experience" + g."gain" >= c."up_at");

    -- The levels the gains reach (award-xp.ts pays them): their users' promotional accounts and a
    -- shard of issuance, locked in id order before the payment's accounts (as award-xp.ts does).
    IF v_holds THEN
        SELECT coalesce(array_agg(r."n"::INTEGER ORDER BY r."n"), '{}') INTO v_reached
        FROM unnest(p_reward_users, p_reward_levels, p_reward_at) WITH ORDINALITY AS r("user_id", "level", "at", "n")
        JOIN unnest(v_gain_users, v_gains) AS g("id", "gain") ON g."id" = r."user_id"
        JOIN "app"."users" u ON u."id" = r."user_id"
        WHERE g."gain" > 0 AND r."level" > u."level" AND r."at" <= u."experience" + g."gain";
        IF cardinality(v_reached) > 0 THEN
            v_rewarded := ARRAY(SELECT DISTINCT p_reward_users[n] FROM unnest(v_reached) AS n);
            FOR v_account IN
                SELECT a."id", a."user_id" FROM "app"."ledger_accounts" a
                WHERE (a."user_id" = ANY (v_rewarded) AND a."kind" = 'user_promo')
                   OR a."id" = "app"."ledger_platform_account"('issuance', p_issuance_shard)
                ORDER BY a."id" FOR UPDATE
            LOOP
                IF v_account."user_id" IS NULL THEN
                    v_issuance := v_account."id";
                END IF;
            END LOOP;
            v_holds := v_issuance IS NOT NULL;
            -- The rewards the buyer is paid now, spendable on this purchase (their entries do not exist yet).
            SELECT coalesce(sum(p_reward_units[n]), 0) INTO v_buyer_rewards FROM unnest(v_reached) AS n
            WHERE p_reward_users[n] = p_buyer
              AND NOT EXISTS (SELECT 1 FROM "app"."ledger_entries" e WHERE e."idempotency_key" = p_reward_keys[n]);
        END IF;
    END IF;

    -- The loop and the fee as priced.
    v_holds := v_holds
        AND EXISTS (SELECT 1 FROM "app"."loops" l
                    WHERE l."id" = p_loop AND l."user_id" = p_seller AND l."title" = p_title AND l."price_cents" = p_price_cents
                      AND NOT l."is_free" AND l."status"::text = p_loop_status AND l."is_public" = p_is_public AND l."unlisted" = p_unlisted)
        AND EXISTS (SELECT 1 FROM "app"."platform_settings" s
                    WHERE s."id" AND CASE p_format WHEN 'mp3' THEN s."mp3_fee_bps" WHEN 'wav' THEN s."wav_fee_bps" END = p_fee_bps);

    -- The entry's accounts, locked in id order (as app.ledger_post does), the buyer's shard of fees among them.
    IF v_holds THEN
        FOR v_account IN
            SELECT a."id", a."kind", a."user_id", a."balance" - a."held" AS "available" FROM "app"."ledger_accounts" a
            WHERE (a."user_id" IN (p_buyer, p_seller) AND a."kind" IN ('user', 'user_promo'))
               OR a."id" = "app"."ledger_platform_account"('fees', p_fee_shard)
            ORDER BY a."id" FOR UPDATE
        LOOP
            IF v_account."user_id" IS NULL THEN
                v_fees := v_account."id";
            ELSIF v_account."user_id" = p_buyer AND v_account."kind" = 'user' THEN
                v_buyer := v_account."id";
                v_buyer_available := v_account."available";
            ELSIF v_account."user_id" = p_buyer THEN
                v_buyer_promo := v_account."id";
                v_buyer_promo_available := v_account."available";
            ELSIF v_account."kind" = 'user' THEN
                v_seller := v_account."id";
            ELSE
                v_seller_promo := v_account."id";
            END IF;
        END LOOP;
        v_holds := v_buyer IS NOT NULL AND v_buyer_promo IS NOT NULL AND v_seller IS NOT NULL AND v_seller_promo IS NOT NULL
            AND v_fees IS NOT NULL
            AND v_buyer_promo_available + v_buyer_rewards = p_buyer_promo_available
            AND p_buyer_promo_available + p_amounts[1] >= 0
            AND v_buyer_available + p_amounts[2] >= 0
            -- Read under the buyer's locks, which every paid purchase of theirs takes: a concurrent
            -- purchase of the same loop and format has committed or not begun.
            AND NOT EXISTS (SELECT 1 FROM "app"."ledger_entries" e WHERE e."idempotency_key" = p_entry_key)
            AND NOT EXISTS (SELECT 1 FROM "app"."purchases" p
                            WHERE p."buyer_id" = p_buyer AND p."loop_id" = p_loop AND p."format"::text = p_format
                              AND p."refunded_at" IS NULL);
    END IF;

    IF NOT v_holds THEN
        IF p_request_key IS NOT NULL THEN
            DELETE FROM "app"."idempotency_requests" r WHERE r."user_id" = p_buyer AND r."key" = p_request_key;
        END IF;
        RETURN QUERY SELECT 'transaction_path'::TEXT, NULL::INTEGER, NULL::TEXT, NULL::UUID[], NULL::UUID[];
        RETURN;
    END IF;

    -- Announced by the caller once committed (app.notifications_announce_committed).
    PERFORM set_config('app.notifications_announced_after_commit', 'on', true);
    IF cardinality(p_xp_users) > 0 THEN
        PERFORM 1 FROM "app"."xp_award"(p_xp_users, p_xp_events, p_xp_keys, p_xps, array_fill(NULL::UUID, ARRAY[cardinality(p_xp_users)]), 0);
    END IF;
    -- Each level reached, lowest first: its reward and its "Level Up!"; then the user's level.
    FOR v_reward IN
        SELECT p_reward_users[n] AS "user_id", p_reward_levels[n] AS "level", p_reward_units[n] AS "units", p_reward_keys[n] AS "key",
               p_reward_descriptions[n] AS "description", p_reward_paid_messages[n] AS "paid_message",
               p_reward_unpaid_messages[n] AS "unpaid_message"
        FROM unnest(v_reached) AS n ORDER BY n
    LOOP
        SELECT * INTO v_posted FROM "app"."ledger_post"(v_reward."key", 'level_reward', v_reward."description",
            ARRAY[CASE v_reward."user_id" WHEN p_buyer THEN v_buyer_promo ELSE v_seller_promo END, v_issuance],
            ARRAY[v_reward."units", -v_reward."units"]);
        -- The ledger key and UNIQUE (user_id, level) both keep a level from being paid twice.
        INSERT INTO "app"."level_rewards" ("user_id", "level", "tokens_awarded", "entry_id")
            VALUES (v_reward."user_id", v_reward."level", v_reward."units", v_posted."entry_id")
            ON CONFLICT DO NOTHING;
        v_paid := v_posted."created" AND FOUND;
        INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text")
            VALUES (v_reward."user_id", 'success', p_level_up_title,
                    CASE WHEN v_paid THEN v_reward."paid_message" ELSE v_reward."unpaid_message" END, p_level_up_url, p_level_up_action)
            RETURNING "id" INTO v_notification;
        v_notification_users := v_notification_users || v_reward."user_id";
        v_notification_ids := v_notification_ids || v_notification;
        UPDATE "app"."users" u SET "level" = v_reward."level" WHERE u."id" = v_reward."user_id" AND u."level" < v_reward."level";
    END LOOP;

    SELECT array_agg(x."account" ORDER BY x."n"), array_agg(x."amount" ORDER BY x."n") INTO v_accounts, v_amounts
    FROM unnest(ARRAY[v_buyer_promo, v_buyer, v_seller_promo, v_seller, v_fees], p_amounts) WITH ORDINALITY AS x("account", "amount", "n")
    WHERE x."amount" <> 0;
    SELECT * INTO v_entry FROM "app"."ledger_post"(p_entry_key, 'purchase', p_description, v_accounts, v_amounts, p_entry_id, p_created_at);
    IF NOT v_entry."created" THEN
        RAISE EXCEPTION 'purchase_in_app: the entry % exists', p_entry_key;
    END IF;

    -- The buyer's change (their marks: migration 20261207090000_member_changed) is announced by the
    -- caller once committed, with the notifications (app.announce_committed).
    PERFORM set_config('app.member_changed_announced_after_commit', 'on', true);
    INSERT INTO "app"."purchases" ("id", "loop_id", "buyer_id", "format", "price_cents", "fee_cents", "method", "loop_units",
                                   "ledger_entry_id", "created_at")
        VALUES (p_purchase_id, p_loop, p_buyer, p_format::"app"."delivery_format", p_price_cents, p_fee_cents, 'loop', p_loop_units,
                v_entry."entry_id", p_created_at);
    PERFORM set_config('app.member_changed_announced_after_commit', 'off', true);
    SELECT li."id" INTO STRICT v_licence FROM "app"."licences" li WHERE li."purchase_id" = p_purchase_id;
    v_response := p_response_head || v_licence::text || p_response_tail;

    WITH "created" AS (
        INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text")
        SELECT n."user_id", n."type", n."title", n."message", n."url", n."action"
        FROM unnest(p_notification_users, p_notification_types, p_notification_titles, p_notification_messages, p_notification_urls,
                    p_notification_actions) WITH ORDINALITY AS n("user_id", "type", "title", "message", "url", "action", "n")
        ORDER BY n."n"
        RETURNING "id", "user_id"
    )
    SELECT v_notification_users || array_agg(c."user_id"), v_notification_ids || array_agg(c."id")
        INTO v_notification_users, v_notification_ids FROM "created" c;
    PERFORM set_config('app.notifications_announced_after_commit', 'off', true);

    IF p_request_key IS NOT NULL THEN
        UPDATE "app"."idempotency_requests" r SET "status" = p_status, "response" = v_response
        WHERE r."user_id" = p_buyer AND r."key" = p_request_key;
    END IF;
    RETURN QUERY SELECT 'posted'::TEXT, p_status, v_response, v_notification_users, v_notification_ids;
END;
$$;

-- A transaction that notifies holds Postgres' one notify lock from its commit until the commit is
-- flushed (20261126180000_transfer_function). Purchases in one statement queued on it for the
-- member_changed of their purchase row (Lock:object, 0.21 of layout (b)'s sessions under the scale
-- mix). A writer that announces its member changes after commit itself sets
-- app.member_changed_announced_after_commit to 'on' (transaction-local) around its write.
CREATE OR REPLACE FUNCTION "app"."notify_member_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    -- The column that holds the member's id, named by the trigger (user_id, buyer_id, id).
    v_column TEXT := TG_ARGV[0];
BEGIN
    IF current_setting('app.member_changed_announced_after_commit', true) = 'on' THEN
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('member_changed', to_jsonb(OLD) ->> v_column);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('member_changed', to_jsonb(NEW) ->> v_column);
    END IF;
    RETURN NULL;
END;
$$;

-- Announces what committed without its trigger's pg_notify: notifications (p_user_ids[i] got
-- p_ids[i], as app.notifications_announce_committed) and members' changes (one member_changed each),
-- in a transaction that does not wait for a flush.
CREATE FUNCTION "app"."announce_committed"(p_user_ids UUID[], p_ids UUID[], p_members UUID[]) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(p_ids) > 0 THEN
        PERFORM "app"."notifications_announce_committed"(p_user_ids, p_ids);
    END IF;
    PERFORM set_config('synchronous_commit', 'off', true);
    PERFORM pg_notify('member_changed', d."member"::text) FROM (SELECT DISTINCT m AS "member" FROM unnest(p_members) AS m) d;
END;
$$;
