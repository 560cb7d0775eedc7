-- The API keeps, per process, what a signed-in member's catalog pages need of the member (the
-- session and the member's own marks: likes, ratings, purchases, downloads, e-mail, ban), so that
-- a member's page costs what a visitor's does (docs/decisions.md, "A member's page costs a
-- visitor's"). Every write that changes any of it, by any process or by hand, announces the
-- member's id on the channel member_changed at its commit; each API process drops that member's
-- entries when the announcement arrives.
CREATE FUNCTION "app"."notify_member_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    -- The column that holds the member's id, named by the trigger (user_id, buyer_id, id).
    v_column TEXT := TG_ARGV[0];
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('member_changed', to_jsonb(OLD) ->> v_column);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('member_changed', to_jsonb(NEW) ->> v_column);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "loop_likes_member_changed" AFTER INSERT OR DELETE ON "app"."loop_likes"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id');
CREATE TRIGGER "loop_ratings_member_changed" AFTER INSERT OR DELETE OR UPDATE OF "rating", "user_id", "loop_id" ON "app"."loop_ratings"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id');
CREATE TRIGGER "loop_downloads_member_changed" AFTER INSERT OR DELETE ON "app"."loop_downloads"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id');
CREATE TRIGGER "purchases_member_changed" AFTER INSERT OR DELETE OR UPDATE OF "refunded_at", "format", "buyer_id", "loop_id" ON "app"."purchases"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('buyer_id');
CREATE TRIGGER "sessions_member_changed" AFTER DELETE OR UPDATE OF "expires_at", "user_id", "token_hash" ON "app"."sessions"
    FOR EACH ROW EXECUTE FUNCTION "app"."notify_member_changed"('user_id');
CREATE TRIGGER "users_member_changed" AFTER UPDATE OF "email", "is_banned", "ban_reason" ON "app"."users"
    FOR EACH ROW
    WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."is_banned" IS DISTINCT FROM NEW."is_banned")
    EXECUTE FUNCTION "app"."notify_member_changed"('id');
