-- Issue 35: a member's storage quota counts every byte stored for their loops, the original and the
-- files made from it (WAV, MP3, preview, peaks). derived_bytes is what those files take: predicted
-- from the header at upload, the stored sizes once processed, 0 for a loop that failed.

ALTER TABLE "app"."loops" ADD COLUMN "derived_bytes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "app"."loops" ADD CONSTRAINT "loops_derived_bytes_check" CHECK ("derived_bytes" >= 0);

-- Loops processed before: their files' sizes were never recorded, so they are estimated from the
-- columns there are: a 16-bit stereo WAV at 48 kHz (192 bytes per ms; the most a file made from
-- now on holds), the MP3 at its bitrate (kbps / 8 bytes per ms), the 30-s 128 kbps preview, the
-- peaks, and the encoders' frames. Loops still processing get their sizes when they are processed.
UPDATE "app"."loops"
SET "derived_bytes" = LEAST(
  2147483647,
  44 + "duration_ms"::bigint * 192
    + CEIL("duration_ms"::numeric * COALESCE("mp3_kbps", 320) / 8)::bigint
    + LEAST("duration_ms", 30000)::bigint * 16
    + 16384 + 8 * 1441
)
WHERE "wav_key" IS NOT NULL AND "duration_ms" IS NOT NULL;
