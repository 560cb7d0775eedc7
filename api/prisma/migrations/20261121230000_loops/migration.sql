-- CreateEnum
CREATE TYPE "app"."loop_content_type" AS ENUM ('loop', 'track');

-- CreateEnum
CREATE TYPE "app"."loop_status" AS ENUM ('processing', 'ready', 'failed');

-- CreateTable
CREATE TABLE "app"."loops" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "genre_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "price_cents" INTEGER NOT NULL DEFAULT 0,
    "is_free" BOOLEAN NOT NULL DEFAULT false,
    "duration_ms" INTEGER,
    "bpm" INTEGER,
    "detected_bpm" INTEGER,
    "key" TEXT,
    "detected_key" TEXT,
    "tags" TEXT NOT NULL DEFAULT '',
    "content_type" "app"."loop_content_type" NOT NULL DEFAULT 'loop',
    "artist_name" TEXT,
    "album_name" TEXT,
    "release_date" DATE,
    "lyrics" TEXT,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "status" "app"."loop_status" NOT NULL DEFAULT 'processing',
    "failure_reason" TEXT,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "original_key" TEXT NOT NULL,
    "original_format" TEXT NOT NULL,
    "preview_key" TEXT,
    "mp3_key" TEXT,
    "wav_key" TEXT,
    "peaks_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loops_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app"."jobs" (
    "id" BIGSERIAL NOT NULL,
    "queue" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 3,
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "loops_user_id_created_at_idx" ON "app"."loops"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "loops_status_is_public_created_at_idx" ON "app"."loops"("status", "is_public", "created_at" DESC);

-- CreateIndex
CREATE INDEX "loops_genre_id_created_at_idx" ON "app"."loops"("genre_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "loops_bpm_idx" ON "app"."loops"("bpm");

-- CreateIndex
CREATE INDEX "loops_price_cents_idx" ON "app"."loops"("price_cents");

-- CreateIndex
CREATE INDEX "jobs_queue_state_run_after_idx" ON "app"."jobs"("queue", "state", "run_after");

-- AddForeignKey
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "app"."genres"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
