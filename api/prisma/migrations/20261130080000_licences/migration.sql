-- Licences (issue 24, docs/licence.md): every purchase, free ones included, has exactly one licence;
-- so has a member's download of a free loop (app.loop_downloads, no purchase is made), once per loop.
-- Its id is random (gen_random_uuid: 122 random bits), so knowing one licence tells nothing of another;
-- it is the link anyone can verify at /licences/<id>. The facts are a snapshot taken when the purchase
-- is inserted (a later rename of the loop or of either member does not change a licence); whether it
-- is valid is read from the purchase (refunded_at: refunded on chain, or reversed by PayPal/Stripe). A
-- free download's licence has nothing to refund: it is always valid.
CREATE TABLE "app"."licences" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  -- Its source: a purchase, or a download of a free loop (the loop_downloads row, its key); exactly one.
  "purchase_id" UUID,
  "download_loop_id" UUID,
  "download_user_id" UUID,
  -- The version of the terms (rules/src/schemas/licences.ts LICENCE_VERSION): new licences take the
  -- default, which a new version of the terms changes in its own migration.
  "version" INTEGER NOT NULL DEFAULT 1,
  "loop_title" TEXT NOT NULL,
  "creator_id" UUID NOT NULL,
  "creator_username" TEXT NOT NULL,
  "creator_name" TEXT,
  "buyer_username" TEXT NOT NULL,
  "format" "app"."delivery_format" NOT NULL,
  "price_cents" INTEGER NOT NULL,
  "fee_cents" INTEGER NOT NULL,
  -- LOOP paid in ledger units (10^-8) when paid in LOOP (in app or on chain).
  "loop_units" BIGINT,
  "method" TEXT NOT NULL,
  -- On-chain purchases: the chain, LoopMarketplace's address and the purchase's transaction (lower
  -- case). Set by the settlement in the purchase's transaction; a backfilled licence has what the
  -- database knew (no contract address).
  "chain_id" INTEGER,
  "contract_address" TEXT,
  "tx_hash" TEXT,
  -- The purchase's time.
  "issued_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "licences_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "licences_version_check" CHECK ("version" > 0),
  CONSTRAINT "licences_source_check" CHECK (
    ("purchase_id" IS NOT NULL AND "download_loop_id" IS NULL AND "download_user_id" IS NULL)
    OR ("purchase_id" IS NULL AND "download_loop_id" IS NOT NULL AND "download_user_id" IS NOT NULL))
);
CREATE UNIQUE INDEX "licences_purchase_id_key" ON "app"."licences"("purchase_id");
-- One licence per free download (NULLs are distinct: the purchases' licences do not collide).
CREATE UNIQUE INDEX "licences_download_loop_id_download_user_id_key" ON "app"."licences"("download_loop_id", "download_user_id");
-- A purchase is never deleted by the app (every reference to it restricts); a test's cleanup that
-- deletes one takes its licence with it.
ALTER TABLE "app"."licences" ADD CONSTRAINT "licences_purchase_id_fkey" FOREIGN KEY ("purchase_id")
  REFERENCES "app"."purchases"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
-- A download row goes only with its loop or its member (both cascade): its licence goes with it.
ALTER TABLE "app"."licences" ADD CONSTRAINT "licences_download_fkey" FOREIGN KEY ("download_loop_id", "download_user_id")
  REFERENCES "app"."loop_downloads"("loop_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The licence is written by the database itself, in the statement that inserts the purchase: whatever
-- inserts a purchase (the API's record-purchase.ts, a script, a test, a future path), it cannot
-- commit without its licence, nor a crash leave one without the other. One INSERT per statement
-- (a transition table), so a bulk insert of purchases stays a set operation.
CREATE FUNCTION "app"."issue_licences"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app"."licences" ("purchase_id", "loop_title", "creator_id", "creator_username", "creator_name", "buyer_username",
                                "format", "price_cents", "fee_cents", "loop_units", "method", "tx_hash", "issued_at")
  SELECT p."id", l."title", l."user_id", c."username", NULLIF(btrim(concat_ws(' ', c."first_name", c."last_name")), ''), b."username",
         p."format", p."price_cents", p."fee_cents", p."loop_units", p."method",
         CASE WHEN p."method" = 'wallet' AND p."external_ref" ~ '^0x[0-9a-fA-F]{64}$' THEN lower(p."external_ref") END, p."created_at"
  FROM "new_purchases" p
  JOIN "app"."loops" l ON l."id" = p."loop_id"
  JOIN "app"."users" c ON c."id" = l."user_id"
  JOIN "app"."users" b ON b."id" = p."buyer_id";
  RETURN NULL;
END $$;

CREATE TRIGGER "purchases_issue_licences" AFTER INSERT ON "app"."purchases"
  REFERENCING NEW TABLE AS "new_purchases" FOR EACH STATEMENT EXECUTE FUNCTION "app"."issue_licences"();

-- Every purchase made before this migration gets its licence (version 1), with the facts of today
-- (the only ones the database has) and the purchase's own time.
INSERT INTO "app"."licences" ("purchase_id", "version", "loop_title", "creator_id", "creator_username", "creator_name", "buyer_username",
                              "format", "price_cents", "fee_cents", "loop_units", "method", "tx_hash", "issued_at")
SELECT p."id", 1, l."title", l."user_id", c."username", NULLIF(btrim(concat_ws(' ', c."first_name", c."last_name")), ''), b."username",
       p."format", p."price_cents", p."fee_cents", p."loop_units", p."method",
       CASE WHEN p."method" = 'wallet' AND p."external_ref" ~ '^0x[0-9a-fA-F]{64}$' THEN lower(p."external_ref") END, p."created_at"
FROM "app"."purchases" p
JOIN "app"."loops" l ON l."id" = p."loop_id"
JOIN "app"."users" c ON c."id" = l."user_id"
JOIN "app"."users" b ON b."id" = p."buyer_id";

-- Their chains: a wallet purchase's quote, a wallet offer's negotiation.
UPDATE "app"."licences" li SET "chain_id" = q."chain_id", "tx_hash" = COALESCE(li."tx_hash", lower(q."tx_hash"))
FROM "app"."purchase_quotes" q WHERE q."purchase_id" = li."purchase_id";
UPDATE "app"."licences" li SET "chain_id" = n."chain_id", "tx_hash" = COALESCE(li."tx_hash", lower(n."settle_tx"))
FROM "app"."negotiations" n WHERE n."purchase_id" = li."purchase_id" AND n."funding" = 'wallet' AND n."chain_id" IS NOT NULL;

-- Free loops (docs/product.md "Free loops"): a member's download makes no purchase (no fee, no XP, no
-- sale), so the database issues the licence with the download instead: for each new loop_downloads row
-- (the first download of a member and loop; later downloads, in any format, insert none) of a free
-- loop, by someone other than its creator, who owns no purchase of it (a member who took it with
-- POST /api/purchases already has that purchase's licence). Method 'free', $0, no LOOP, the download's
-- format and time; the same snapshot as a purchase's. Statement-level, as the purchases' trigger.
CREATE FUNCTION "app"."issue_download_licences"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app"."licences" ("download_loop_id", "download_user_id", "loop_title", "creator_id", "creator_username", "creator_name",
                                "buyer_username", "format", "price_cents", "fee_cents", "loop_units", "method", "issued_at")
  SELECT d."loop_id", d."user_id", l."title", l."user_id", c."username", NULLIF(btrim(concat_ws(' ', c."first_name", c."last_name")), ''),
         b."username", d."format", 0, 0, NULL, 'free', d."created_at"
  FROM "new_downloads" d
  JOIN "app"."loops" l ON l."id" = d."loop_id" AND l."is_free" AND l."user_id" <> d."user_id"
  JOIN "app"."users" c ON c."id" = l."user_id"
  JOIN "app"."users" b ON b."id" = d."user_id"
  WHERE NOT EXISTS (SELECT 1 FROM "app"."purchases" p
                    WHERE p."loop_id" = d."loop_id" AND p."buyer_id" = d."user_id" AND p."refunded_at" IS NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER "loop_downloads_issue_licences" AFTER INSERT ON "app"."loop_downloads"
  REFERENCING NEW TABLE AS "new_downloads" FOR EACH STATEMENT EXECUTE FUNCTION "app"."issue_download_licences"();

-- Every earlier download of a loop free today gets its licence the same way (version 1, today's names,
-- the download's time and format).
INSERT INTO "app"."licences" ("download_loop_id", "download_user_id", "version", "loop_title", "creator_id", "creator_username", "creator_name",
                              "buyer_username", "format", "price_cents", "fee_cents", "loop_units", "method", "issued_at")
SELECT d."loop_id", d."user_id", 1, l."title", l."user_id", c."username", NULLIF(btrim(concat_ws(' ', c."first_name", c."last_name")), ''),
       b."username", d."format", 0, 0, NULL, 'free', d."created_at"
FROM "app"."loop_downloads" d
JOIN "app"."loops" l ON l."id" = d."loop_id" AND l."is_free" AND l."user_id" <> d."user_id"
JOIN "app"."users" c ON c."id" = l."user_id"
JOIN "app"."users" b ON b."id" = d."user_id"
WHERE NOT EXISTS (SELECT 1 FROM "app"."purchases" p
                  WHERE p."loop_id" = d."loop_id" AND p."buyer_id" = d."user_id" AND p."refunded_at" IS NULL);
