-- Issue 9: live delivery of notifications (GET /api/notifications/stream). Whatever writes the rows
-- (a request, a settlement handler, a job, a broadcast inserting thousands in one statement), this
-- statement-level trigger announces them on channel 'app_notifications'; Postgres delivers the
-- messages when (and only if) the transaction commits. One message per user of the statement:
--   '<user id>:<id>,<id>,…'  the notifications this statement gave the user (at most 100),
--   '<user id>'              more than 100 for one user: the user's streams tell the client to refetch,
--   '*'                      more than 100 users in one statement: every stream tells its client to refetch.
-- (A message holds at most 8000 bytes: 37 + 100 × 37 fits.)
CREATE FUNCTION "app"."notifications_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients integer;
  recipient record;
BEGIN
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

CREATE TRIGGER "notifications_announce"
  AFTER INSERT ON "app"."notifications"
  REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION "app"."notifications_announce"();
