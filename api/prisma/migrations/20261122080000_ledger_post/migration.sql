-- Posting a ledger entry in one statement: the API's hot money paths (transfers, payments) make a
-- single round trip instead of a dozen, and the rules live next to the data they protect. The
-- triggers of 20261122040000_ledger still enforce every invariant underneath.

-- The user's account, created on first use; its id. SQLSTATE LE002 when there is no such user.
CREATE FUNCTION "app"."ledger_user_account"(p_user_id UUID) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_id UUID;
BEGIN
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id;
    IF FOUND THEN
        RETURN v_id;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "app"."users" WHERE "id" = p_user_id) THEN
        RAISE EXCEPTION '%', p_user_id USING ERRCODE = 'LE002';
    END IF;
    INSERT INTO "app"."ledger_accounts" ("kind", "user_id") VALUES ('user', p_user_id) ON CONFLICT ("user_id") DO NOTHING;
    SELECT "id" INTO v_id FROM "app"."ledger_accounts" WHERE "user_id" = p_user_id;
    RETURN v_id;
END;
$$;

-- Posts one entry once per idempotency key: postings (p_accounts[i], p_amounts[i]) that sum to
-- zero. The accounts are locked in id order (two entries on the same accounts never deadlock); a
-- user account whose available balance (balance − held) would go below zero raises SQLSTATE
-- LE001 with the account id as the message. When the key was used already (before, or by a
-- concurrent call that committed while this one waited for the locks), nothing is posted and the
-- existing entry is returned with created = false. The caller may choose the new entry's id and
-- time (p_entry_id, p_created_at), e.g. to have written its answer before posting.
CREATE FUNCTION "app"."ledger_post"(p_key TEXT, p_kind TEXT, p_description TEXT, p_accounts UUID[], p_amounts BIGINT[],
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
        IF v_account."kind" = 'user' AND v_account.delta < 0 AND v_account.available + v_account.delta < 0 THEN
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

-- A money call whose whole effect is one ledger entry, in one statement: claims the caller's
-- Idempotency-Key with the answer written beforehand (p_status, p_response) and posts the entry.
-- Returns FALSE, posting nothing, when the key was claimed already (the caller replays the stored
-- answer). A refusal (LE001, LE002) aborts the statement: neither the claim nor the entry stays.
CREATE FUNCTION "app"."ledger_post_claiming_key"(p_user_id UUID, p_request_key TEXT, p_request_hash TEXT, p_status INTEGER, p_response TEXT,
    p_key TEXT, p_kind TEXT, p_description TEXT, p_accounts UUID[], p_amounts BIGINT[], p_entry_id UUID, p_created_at TIMESTAMPTZ)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    -- Waits while a concurrent call holds an uncommitted claim of the same key.
    INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash", "status", "response")
        VALUES (p_user_id, p_request_key, p_request_hash, p_status, p_response)
        ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    PERFORM "app"."ledger_post"(p_key, p_kind, p_description, p_accounts, p_amounts, p_entry_id, p_created_at);
    RETURN TRUE;
END;
$$;
