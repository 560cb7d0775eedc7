-- Issue 39 §3: a sale rewrote the loop's search postings. The purchase row's trigger raises the
-- loop's purchase_count, so its popularity; app.loops_search_words then deleted the loop's postings,
-- cut its title, tags, description and genre into words again, inserted them and summed the
-- vocabulary's deltas (none: the words had not changed). Under the scale mix that was the costliest
-- part of a purchase's statement (15–17 ms in the slowest cases).
--
-- A loop whose words and listing are unchanged (the same search_text, status, visibility and
-- creator) but whose rank changed (popularity or created_at) keeps its postings: only their rank
-- columns are updated. Every other change syncs the postings as before.
CREATE OR REPLACE FUNCTION "app"."loops_search_words"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    ids UUID[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(n."id") INTO ids FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o."id") INTO ids FROM old_rows o;
    ELSE
        SELECT array_agg(n."id") INTO ids FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (n."search_text", n."status", n."is_public", n."user_id")
            IS DISTINCT FROM (o."search_text", o."status", o."is_public", o."user_id");
        UPDATE "app"."loop_search_words" p SET "popularity" = n."popularity", "created_at" = n."created_at"
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE p."loop_id" = n."id"
            AND (n."search_text", n."status", n."is_public", n."user_id")
                IS NOT DISTINCT FROM (o."search_text", o."status", o."is_public", o."user_id")
            AND (n."popularity", n."created_at") IS DISTINCT FROM (o."popularity", o."created_at");
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM "app"."sync_loop_search_words"(ids);
    END IF;
    RETURN NULL;
END;
$$;
