-- Issue 35 (part 6): a notification's live announcement always names its recipients. Before, a
-- statement that reached more than 100 users (a creator's new upload told to their followers, a
-- broadcast batch) sent '*', and every open stream of every API process refetched its list: a
-- creator with 101 followers woke every signed-in page of the marketplace on each upload.
--
-- Now a message on 'app_notifications' is a list of entries separated by ';', one per user:
--   '<user id>:<id>,<id>,…'  the notifications this statement gave the user (at most 100),
--   '<user id>'              more than 100 for one user: that user's streams tell the client to refetch.
-- Entries are packed into messages of at most 7,900 bytes (pg_notify's limit is 8,000; one entry is
-- at most 37 + 100 × 37 bytes), so a statement for 5,000 users sends about 50 messages, and a
-- process hands each entry to the streams it holds for that user, ignoring the rest.

-- Sends the entries for the pairs (p_user_ids[i] got p_ids[i]), in the arrays' order per user.
CREATE FUNCTION "app"."notifications_send"(p_user_ids UUID[], p_ids UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  recipient record;
  entry text;
  message text := '';
BEGIN
  FOR recipient IN
    SELECT x.user_id, count(*) AS n, string_agg(x.id::text, ',' ORDER BY x.n) AS ids
    FROM unnest(p_user_ids, p_ids) WITH ORDINALITY AS x(user_id, id, n) GROUP BY x.user_id
  LOOP
    entry := CASE WHEN recipient.n <= 100 THEN recipient.user_id::text || ':' || recipient.ids ELSE recipient.user_id::text END;
    IF message = '' THEN
      message := entry;
    ELSIF octet_length(message) + 1 + octet_length(entry) > 7900 THEN
      PERFORM pg_notify('app_notifications', message);
      message := entry;
    ELSE
      message := message || ';' || entry;
    END IF;
  END LOOP;
  IF message <> '' THEN
    PERFORM pg_notify('app_notifications', message);
  END IF;
END
$$;

-- The statement trigger (20261125131000_notification_events, 20261126180000_transfer_function).
CREATE OR REPLACE FUNCTION "app"."notifications_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids UUID[];
  ids UUID[];
BEGIN
  IF current_setting('app.notifications_announced_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg("user_id" ORDER BY "created_at", "id"), array_agg("id" ORDER BY "created_at", "id")
    INTO user_ids, ids FROM new_notifications;
  IF user_ids IS NOT NULL THEN
    PERFORM "app"."notifications_send"(user_ids, ids);
  END IF;
  RETURN NULL;
END
$$;

-- After a commit (notification-announcer.ts): the same messages, in a transaction that does not
-- wait for a flush.
CREATE OR REPLACE FUNCTION "app"."notifications_announce_committed"(p_user_ids UUID[], p_ids UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM "app"."notifications_send"(p_user_ids, p_ids);
END
$$;
