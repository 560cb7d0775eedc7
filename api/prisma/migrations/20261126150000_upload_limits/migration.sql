-- Upload limits per member (issue 18): uploads per hour (429 past it) and the storage all of a
-- member's uploaded originals may take (413 past it), both platform settings; and each loop's
-- original size, which the quota adds up.

-- Uploads a member may make in any 60 minutes (default 20).
ALTER TABLE "app"."platform_settings" ADD COLUMN "uploads_per_hour" INTEGER NOT NULL DEFAULT 20;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_uploads_per_hour_check" CHECK ("uploads_per_hour" BETWEEN 1 AND 1000);
-- MB (MiB) a member's originals may take together (default 2 GB; at least one largest upload, at most 1 TB).
ALTER TABLE "app"."platform_settings" ADD COLUMN "upload_quota_mb" INTEGER NOT NULL DEFAULT 2048;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_upload_quota_mb_check" CHECK ("upload_quota_mb" BETWEEN 50 AND 1048576);

-- The stored original's size in bytes (an upload is at most 50 MB). Loops uploaded before this
-- migration count 0: their size was not recorded.
ALTER TABLE "app"."loops" ADD COLUMN "original_bytes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_original_bytes_check" CHECK ("original_bytes" >= 0);
