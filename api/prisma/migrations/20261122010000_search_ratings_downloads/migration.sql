-- Search (trigram indexes), ratings, purchases (minimal: issue 6 extends it) and downloads.

-- pg_trgm is a trusted extension (Postgres 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "app"."delivery_format" AS ENUM ('mp3', 'wav');

-- AlterTable: counters kept in the same transaction as the rows they count, so lists read them cheaply.
ALTER TABLE "app"."loops"
    ADD COLUMN "purchase_count" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "rating_sum" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "rating_count" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "popularity" INTEGER NOT NULL GENERATED ALWAYS AS ("download_count" + "purchase_count") STORED,
    ADD COLUMN "rating_average" DOUBLE PRECISION NOT NULL GENERATED ALWAYS AS (
        CASE WHEN "rating_count" > 0 THEN "rating_sum"::DOUBLE PRECISION / "rating_count" ELSE 0 END
    ) STORED;

-- CreateTable
CREATE TABLE "app"."loop_ratings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loop_ratings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "loop_ratings_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);

-- CreateTable
CREATE TABLE "app"."purchases" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "loop_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "format" "app"."delivery_format" NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL DEFAULT 0,
    "method" TEXT NOT NULL,
    "external_ref" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "purchases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app"."loop_downloads" (
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "format" "app"."delivery_format" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loop_downloads_pkey" PRIMARY KEY ("loop_id", "user_id")
);

-- CreateTable: keys the API generates for itself on first use (e.g. the download link signing key).
CREATE TABLE "app"."server_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "loop_ratings_loop_id_user_id_key" ON "app"."loop_ratings"("loop_id", "user_id");

-- CreateIndex
CREATE INDEX "loop_ratings_user_id_idx" ON "app"."loop_ratings"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "purchases_buyer_id_loop_id_format_key" ON "app"."purchases"("buyer_id", "loop_id", "format");

-- CreateIndex
CREATE INDEX "purchases_loop_id_idx" ON "app"."purchases"("loop_id");

-- CreateIndex
CREATE INDEX "loop_downloads_user_id_idx" ON "app"."loop_downloads"("user_id");

-- CreateIndex: sorts of the catalog (popular, rating) within the listed loops.
CREATE INDEX "loops_listed_popularity_idx" ON "app"."loops"("status", "is_public", "popularity" DESC, "created_at" DESC);

-- CreateIndex
CREATE INDEX "loops_listed_rating_idx" ON "app"."loops"("status", "is_public", "rating_average" DESC, "rating_count" DESC, "created_at" DESC);

-- CreateIndex: trigram indexes serve ILIKE '%…%', similarity (%) and word similarity (<%).
CREATE INDEX "loops_title_idx" ON "app"."loops" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "loops_description_idx" ON "app"."loops" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "loops_tags_idx" ON "app"."loops" USING GIN ("tags" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_username_idx" ON "app"."users" USING GIN ("username" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_first_name_idx" ON "app"."users" USING GIN ("first_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_last_name_idx" ON "app"."users" USING GIN ("last_name" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "app"."loop_ratings" ADD CONSTRAINT "loop_ratings_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app"."loop_ratings" ADD CONSTRAINT "loop_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateFunction: every purchase counts towards the loop's popularity, whoever records it.
CREATE FUNCTION "app"."purchases_count_on_loop"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "app"."loops" SET "purchase_count" = "purchase_count" + 1 WHERE "id" = NEW."loop_id";
    ELSE
        UPDATE "app"."loops" SET "purchase_count" = GREATEST("purchase_count" - 1, 0) WHERE "id" = OLD."loop_id";
    END IF;
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "purchases_count_on_loop" AFTER INSERT OR DELETE ON "app"."purchases"
    FOR EACH ROW EXECUTE FUNCTION "app"."purchases_count_on_loop"();

-- AddForeignKey: a purchase is a money record; it is never deleted with its loop or buyer.
ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app"."purchases" ADD CONSTRAINT "purchases_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app"."loop_downloads" ADD CONSTRAINT "loop_downloads_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app"."loop_downloads" ADD CONSTRAINT "loop_downloads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
