-- Issue 19: POST /api/tokens/transfer in one statement, and without NOTIFY in its transaction.
--
-- Before, a transfer was a Prisma interactive transaction (BEGIN, app.ledger_post_claiming_key, the
-- recipient's notification, COMMIT: four round trips, plus a balance read for a refusal). Now
-- app.token_transfer does all of it in one call, which is its own transaction: one round trip, one
-- commit. The triggers of 20261122040000_ledger still enforce every invariant underneath (balanced
-- entries, cached balances, no overdrawn member account).
--
-- The recipient's notification used to be announced by the statement trigger of
-- 20261125131000_notification_events, i.e. with pg_notify inside the transfer's transaction. A
-- transaction that notifies holds Postgres' one notify-queue lock from its commit until the commit
-- is flushed to disk, so every transfer waited for the previous one's fsync: commits could not be
-- grouped, and throughput stopped at one transfer per disk flush (about 230/s here, 1,000/s without
-- it). The transfer's notification row still commits with the entry; its announcement is sent
-- right after the commit by the API (app.notifications_announce_committed, batched per event-loop
-- turn, see notification-announcer.ts), in a transaction of its own that does not wait for a flush.

-- The statement trigger stays for every other writer; a writer that announces its rows after
-- commit itself sets app.notifications_announced_after_commit to 'on' (transaction-local) around
-- its INSERT.
CREATE OR REPLACE FUNCTION "app"."notifications_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients integer;
  recipient record;
BEGIN
  IF current_setting('app.notifications_announced_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT count(DISTINCT "user_id") INTO recipients FROM new_notifications;
  IF recipients > 100 THEN
    PERFORM pg_notify('app_notifications', '*');
    RETURN NULL;
  END IF;
  FOR recipient IN
    SELECT "user_id", count(*) AS n, string_agg("id"::text, ',' ORDER BY "created_at", "id") AS ids
    FROM new_notifications GROUP BY "user_id"
  LOOP
    IF recipient.n <= 100 THEN
      PERFORM pg_notify('app_notifications', recipient.user_id::text || ':' || recipient.ids);
    ELSE
      PERFORM pg_notify('app_notifications', recipient.user_id::text);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- Announces committed notifications (p_user_ids[i] got p_ids[i]) exactly as the trigger does: one
-- message per user ('<user id>:<id>,…', or '<user id>' beyond 100), '*' beyond 100 users. Nothing
-- here needs to survive a crash (the rows are committed already; a lost message only means a live
-- page sees the notification at its next refetch), so this transaction does not wait for a flush
-- and holds the notify-queue lock only for a moment.
CREATE FUNCTION "app"."notifications_announce_committed"(p_user_ids UUID[], p_ids UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  recipients integer;
  recipient record;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT count(DISTINCT u) INTO recipients FROM unnest(p_user_ids) AS u;
  IF recipients > 100 THEN
    PERFORM pg_notify('app_notifications', '*');
    RETURN;
  END IF;
  FOR recipient IN
    SELECT x.user_id, count(*) AS n, string_agg(x.id::text, ',' ORDER BY x.n) AS ids
    FROM unnest(p_user_ids, p_ids) WITH ORDINALITY AS x(user_id, id, n) GROUP BY x.user_id
  LOOP
    IF recipient.n <= 100 THEN
      PERFORM pg_notify('app_notifications', recipient.user_id::text || ':' || recipient.ids);
    ELSE
      PERFORM pg_notify('app_notifications', recipient.user_id::text);
    END IF;
  END LOOP;
END
$$;

-- The transfer. p_sender sends p_amount ledger units of withdrawable LOOP (their 'user' account:
-- promotional LOOP is never sent, see 20261126140000_promotional_loop) to p_recipient's 'user'
-- account, as the entry p_entry_id / p_entry_key / p_created_at chosen by the API (so its answer,
-- p_response, is written before the entry is posted), and gives the recipient the notification
-- p_notification_*. With an Idempotency-Key (p_request_key), the key's claim holds the answer and
-- commits with the entry. One row comes back, "outcome":
--   'posted'              the entry, the claim and the notification ("notification_id", to be
--                         announced once committed) are written;
--   'replay'              the key was claimed before with the same request: its stored answer
--                         ("status", "response"); nothing moved;
--   'conflict'            the key was claimed before with another request; nothing moved;
--   'recipient_not_found' no such user; nothing written (the caller stores the refusal);
--   'insufficient'        the sender's withdrawable LOOP ("withdrawable", read under the lock) is
--                         below the amount; "promotional" is their promotional balance (for the
--                         refusal's text); nothing written (the caller stores the refusal).
-- A concurrent call with the same key waits on the claim's row: it then replays the stored answer,
-- or (when this call was refused and its claim removed) runs itself.
CREATE FUNCTION "app"."token_transfer"(p_sender UUID, p_recipient UUID, p_amount BIGINT, p_description TEXT,
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
    v_stored RECORD;
    v_notification UUID;
BEGIN
    IF p_amount IS NULL OR p_amount <= 0 OR p_sender = p_recipient THEN
        RAISE EXCEPTION 'token_transfer: a positive amount to another member' USING ERRCODE = 'check_violation';
    END IF;
    IF p_request_key IS NOT NULL THEN
        -- Waits while a concurrent call holds an uncommitted claim of the same key.
        INSERT INTO "app"."idempotency_requests" ("user_id", "key", "request_hash", "status", "response")
            VALUES (p_sender, p_request_key, p_request_hash, p_status, p_response)
            ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            SELECT r."request_hash", r."status", r."response" INTO v_stored
                FROM "app"."idempotency_requests" r WHERE r."user_id" = p_sender AND r."key" = p_request_key;
            IF NOT FOUND OR v_stored."status" IS NULL THEN
                RAISE EXCEPTION 'token_transfer: the claim of key % has no answer', p_request_key USING ERRCODE = 'serialization_failure';
            END IF;
            IF v_stored."request_hash" <> p_request_hash THEN
                RETURN QUERY SELECT 'conflict'::TEXT, NULL::INTEGER, NULL::TEXT, NULL::BIGINT, NULL::BIGINT, NULL::UUID;
            ELSE
                RETURN QUERY SELECT 'replay'::TEXT, v_stored."status", v_stored."response", NULL::BIGINT, NULL::BIGINT, NULL::UUID;
            END IF;
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
