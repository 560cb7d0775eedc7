-- A member's marks (likes, ratings, downloads, purchases and refunds) have a channel of their own,
-- member_marks_changed, beside member_changed (sessions, e-mail, ban: who the member is). The API
-- keeps a member's session and marks per process (20261207090000_member_changed); a purchase or a
-- like changes only the marks, but on the one channel it dropped the kept session too, and every
-- API process read it again on the member's next page (docs/decisions.md, "Marks have a channel of
-- their own"). The marks' cache listens on both channels, the sessions' on member_changed only.
CREATE OR REPLACE FUNCTION "app"."notify_member_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    -- The column that holds the member's id, named by the trigger (user_id, buyer_id, id).
    v_column TEXT := TG_ARGV[0];
    -- The channel, named by the trigger: member_changed unless it says member_marks_changed.
    v_channel TEXT := COALESCE(TG_ARGV[1], 'member_changed');
BEGIN
    IF current_setting('app.member_changed_announced_after_commit', true) = 'on' THEN
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify(v_channel, to_jsonb(OLD) ->> v_column);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify(v_channel, to_jsonb(NEW) ->> v_column);
    END IF;
    RETURN NULL;
END;
$$;

DROP TRIGGER "loop_likes_member_changed" ON "app"."loop_likes";
CREATE TRIGGER "loop_likes_member_changed" AFTER INSERT OR DELETE ON "app"."loop_likes"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id', 'member_marks_changed');
DROP TRIGGER "loop_ratings_member_changed" ON "app"."loop_ratings";
CREATE TRIGGER "loop_ratings_member_changed" AFTER INSERT OR DELETE OR UPDATE OF "rating", "user_id", "loop_id" ON "app"."loop_ratings"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id', 'member_marks_changed');
DROP TRIGGER "loop_downloads_member_changed" ON "app"."loop_downloads";
CREATE TRIGGER "loop_downloads_member_changed" AFTER INSERT OR DELETE ON "app"."loop_downloads"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id', 'member_marks_changed');
DROP TRIGGER "purchases_member_changed" ON "app"."purchases";
CREATE TRIGGER "purchases_member_changed" AFTER INSERT OR DELETE OR UPDATE OF "refunded_at", "format", "buyer_id", "loop_id" ON "app"."purchases"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('buyer_id', 'member_marks_changed');

-- What a purchase in one statement announces after its commit is its buyer's marks.
CREATE OR REPLACE FUNCTION "app"."announce_committed"(p_user_ids UUID[], p_ids UUID[], p_members UUID[]) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(p_ids) > 0 THEN
        PERFORM "app"."notifications_announce_committed"(p_user_ids, p_ids);
    END IF;
    PERFORM set_config('synchronous_commit', 'off', true);
    PERFORM pg_notify('member_marks_changed', d."member"::text) FROM (SELECT DISTINCT m AS "member" FROM unnest(p_members) AS m) d;
END;
$$;
