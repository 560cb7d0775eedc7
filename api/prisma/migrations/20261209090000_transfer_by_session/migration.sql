-- Issue 39 §1: a transfer signed in by its own statement. A transfer was two round trips: the
-- session's read (the session middleware, on every signed-in request) and app.token_transfer. The
-- session's read was a third of the API's cost of a transfer (its query, its row of 23 columns,
-- the dates parsed), so the transfers bench stayed below 0.6 × its bare ledger_post control.
--
-- app.token_transfer_by_session reads the session of p_token_hash (the SHA-256 of the cookie's
-- token, as app.sessions keeps it) and, when it signs in a member who may send now, runs
-- app.token_transfer for them in the same statement. "May send now" is everything the signed-in
-- path checks before it reaches app.token_transfer:
--   the session exists and has not expired at p_now (the session middleware's loadSession);
--   its last_seen_at is within p_seen_within of p_now (else loadSession writes it: that path runs);
--   the member is not banned (the ban middleware's 403) and their withdrawals are not suspended
--   (TRANSFERS_SUSPENDED);
--   the recipient is someone else (TRANSFER_TO_SELF).
-- When any of these fails, nothing is written and the row's "outcome" is 'signed_in_path': the API
-- then hands the request to its signed-in path (session middleware, ban middleware, the transfer
-- route), which answers as it always did. So the refusals keep one author.
--
-- The texts that name the sender are the API's, in two parts around the sender: the answer
-- (p_response_head || sender id || p_response_tail), the notification's message (… || username ||
-- …) and the ledger entry's key (p_entry_key_head || sender id || p_entry_key_tail).
CREATE FUNCTION "app"."token_transfer_by_session"(p_token_hash TEXT, p_now TIMESTAMPTZ, p_seen_within INTERVAL,
    p_recipient UUID, p_amount BIGINT, p_description TEXT,
    p_entry_id UUID, p_entry_key_head TEXT, p_entry_key_tail TEXT,
    p_request_key TEXT, p_request_hash TEXT, p_status INTEGER, p_response_head TEXT, p_response_tail TEXT,
    p_notification_type TEXT, p_notification_title TEXT, p_message_head TEXT, p_message_tail TEXT,
    p_notification_url TEXT, p_notification_action TEXT)
RETURNS TABLE ("sender" UUID, "outcome" TEXT, "status" INTEGER, "response" TEXT, "withdrawable" BIGINT, "promotional" BIGINT,
    "notification_id" UUID)
LANGUAGE plpgsql AS $$
DECLARE
    v_sender RECORD;
BEGIN
    SELECT u."id", u."username" INTO v_sender
    FROM "app"."sessions" s
    JOIN "app"."users" u ON u."id" = s."user_id"
    WHERE s."token_hash" = p_token_hash
        AND s."expires_at" > p_now
        AND s."last_seen_at" >= p_now - p_seen_within
        AND NOT u."is_banned"
        AND u."withdrawals_suspended_at" IS NULL
        AND u."id" <> p_recipient;
    IF NOT FOUND THEN
        RETURN QUERY SELECT NULL::UUID, 'signed_in_path'::TEXT, NULL::INTEGER, NULL::TEXT, NULL::BIGINT, NULL::BIGINT, NULL::UUID;
        RETURN;
    END IF;
    RETURN QUERY SELECT v_sender."id", t.*
    FROM "app"."token_transfer"(v_sender."id", p_recipient, p_amount, p_description,
        p_entry_id, p_entry_key_head || v_sender."id"::text || p_entry_key_tail, p_now,
        p_request_key, p_request_hash, p_status, p_response_head || v_sender."id"::text || p_response_tail,
        p_notification_type, p_notification_title, p_message_head || v_sender."username" || p_message_tail,
        p_notification_url, p_notification_action) AS t;
END;
$$;
