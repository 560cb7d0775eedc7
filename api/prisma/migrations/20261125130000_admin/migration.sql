-- Issue 9: the admin dashboard's tables. Moderation hides a ready loop (status 'hidden'), so every
-- query of listed loops (status 'ready' AND is_public, with its partial indexes) leaves it out
-- unchanged; restoring sets it back to 'ready'. Buyers keep their downloads (downloads.service.ts).
ALTER TYPE "app"."loop_status" ADD VALUE IF NOT EXISTS 'hidden';
ALTER TABLE "app"."loops" ADD COLUMN "hidden_reason" TEXT, ADD COLUMN "hidden_at" TIMESTAMPTZ(3);

-- A warning an admin gave a user: the record beside the notification it sent.
CREATE TABLE "app"."user_warnings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "message" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_warnings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_warnings_severity_check" CHECK ("severity" IN ('low', 'medium', 'high'))
);
CREATE INDEX "user_warnings_user_id_created_at_idx" ON "app"."user_warnings"("user_id", "created_at" DESC);
ALTER TABLE "app"."user_warnings" ADD CONSTRAINT "user_warnings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "app"."user_warnings" ADD CONSTRAINT "user_warnings_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every admin action: who, what, on what, when, and the target's state before and after.
CREATE TABLE "app"."admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "admin_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "admin_audit_log_created_at_id_idx" ON "app"."admin_audit_log"("created_at" DESC, "id" DESC);
ALTER TABLE "app"."admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The platform settings the code reads (one row). Defaults are the spec's constants. The dispute
-- window is not here: LoopMarketplace holds it, and the admin's change is a transaction there.
CREATE TABLE "app"."platform_settings" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "mp3_fee_bps" INTEGER NOT NULL DEFAULT 200,
    "wav_fee_bps" INTEGER NOT NULL DEFAULT 400,
    "min_withdrawal_units" BIGINT NOT NULL DEFAULT 1000000000,
    "offer_expiry_hours" INTEGER NOT NULL DEFAULT 168,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" UUID,
    CONSTRAINT "platform_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "platform_settings_single_row" CHECK ("id"),
    CONSTRAINT "platform_settings_fees_check" CHECK ("mp3_fee_bps" BETWEEN 0 AND 5000 AND "wav_fee_bps" BETWEEN 0 AND 5000),
    CONSTRAINT "platform_settings_min_withdrawal_check" CHECK ("min_withdrawal_units" > 0),
    CONSTRAINT "platform_settings_offer_expiry_check" CHECK ("offer_expiry_hours" BETWEEN 1 AND 720)
);
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_updated_by_fkey" FOREIGN KEY ("updated_by") REFERENCES "app"."users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
INSERT INTO "app"."platform_settings" ("id") VALUES (true);

-- A notification sent to every user: fanned out by a job in batches (cursor = last user id done);
-- the (broadcast_id, user_id) key makes a retried batch insert nothing twice.
CREATE TABLE "app"."notification_broadcasts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "admin_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "action_url" TEXT,
    "action_text" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "cursor" UUID,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "notification_broadcasts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notification_broadcasts_status_check" CHECK ("status" IN ('queued', 'sending', 'done')),
    CONSTRAINT "notification_broadcasts_type_check" CHECK ("type" IN ('info', 'success', 'warning', 'error'))
);
ALTER TABLE "app"."notification_broadcasts" ADD CONSTRAINT "notification_broadcasts_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "app"."notifications" ADD COLUMN "broadcast_id" UUID;
CREATE UNIQUE INDEX "notifications_broadcast_id_user_id_key" ON "app"."notifications"("broadcast_id", "user_id");
ALTER TABLE "app"."notifications" ADD CONSTRAINT "notifications_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "app"."notification_broadcasts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
