-- Issue 19: an MP3 upload is delivered as uploaded (not encoded again at 320 kbps); every other
-- format is still encoded at 320 kbps. The delivered MP3's bitrate in kbps: 320 for our encodes, an
-- original's mean bitrate over its frames (VBR: the average, rounded). Null until processed.

ALTER TABLE "app"."loops" ADD COLUMN "mp3_kbps" INTEGER;
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_mp3_kbps_check" CHECK ("mp3_kbps" BETWEEN 1 AND 1000);

-- Every MP3 delivered so far was our 320 kbps encode.
UPDATE "app"."loops" SET "mp3_kbps" = 320 WHERE "mp3_key" IS NOT NULL;
