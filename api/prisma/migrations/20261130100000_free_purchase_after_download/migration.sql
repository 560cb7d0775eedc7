-- A member who downloaded a free loop holds that download's licence; taking the same loop afterwards
-- with POST /api/purchases (the spec's call for free loops) issued a second licence for the same
-- thing. Now a free purchase in the format of that download takes the download's licence over: the
-- same id (a verification link already shared stays valid) and the same snapshot, its source now the
-- purchase. A free purchase in the other format, and every paid purchase, get their own licence as
-- before: still exactly one licence per purchase.
CREATE OR REPLACE FUNCTION "app"."issue_licences"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "taken" AS (
    UPDATE "app"."licences" li
    SET "purchase_id" = p."id", "download_loop_id" = NULL, "download_user_id" = NULL
    FROM "new_purchases" p
    WHERE p."method" = 'free' AND li."download_loop_id" = p."loop_id" AND li."download_user_id" = p."buyer_id"
      AND li."format" = p."format"
    RETURNING li."purchase_id"
  )
  INSERT INTO "app"."licences" ("purchase_id", "loop_title", "creator_id", "creator_username", "creator_name", "buyer_username",
                                "format", "price_cents", "fee_cents", "loop_units", "method", "tx_hash", "issued_at")
  SELECT p."id", l."title", l."user_id", c."username", NULLIF(btrim(concat_ws(' ', c."first_name", c."last_name")), ''), b."username",
         p."format", p."price_cents", p."fee_cents", p."loop_units", p."method",
         CASE WHEN p."method" = 'wallet' AND p."external_ref" ~ '^0x[0-9a-fA-F]{64}$' THEN lower(p."external_ref") END, p."created_at"
  FROM "new_purchases" p
  JOIN "app"."loops" l ON l."id" = p."loop_id"
  JOIN "app"."users" c ON c."id" = l."user_id"
  JOIN "app"."users" b ON b."id" = p."buyer_id"
  WHERE p."id" NOT IN (SELECT "purchase_id" FROM "taken");
  RETURN NULL;
END $$;

-- Members who already hold both (a download's licence and a later free purchase in that format): the
-- purchase keeps its licence (its id is the one its answer gave), the download's is merged into it.
DELETE FROM "app"."licences" li
USING "app"."purchases" p
WHERE li."download_loop_id" = p."loop_id" AND li."download_user_id" = p."buyer_id" AND li."format" = p."format"
  AND p."method" = 'free';
