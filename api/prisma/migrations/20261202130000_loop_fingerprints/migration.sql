-- Issue 35 (part 4): the upload reward pays for audio that is new, not for new bytes. The audio
-- pipeline computes a fingerprint of the decoded sound (api/src/audio/fingerprint.ts: a 32-bit
-- sub-fingerprint per 46 ms, from band energies); the loop worker keeps it here and compares it with
-- every loop's before the loop is ready (api/src/features/upload-rewards/audio-matches.ts). An upload
-- whose sound one earlier loop already has (bit error rate at most 0.3 over at least half of its
-- frames with sound, re-encoded, louder, quieter or a byte changed) is decided 'duplicate' at once.
--
-- Kept without a foreign key to the loop: a loop's sound stays known after the loop is gone, so that
-- deleting a loop and uploading it again earns nothing either. Loops that failed processing are
-- left out of the comparison (by a join on their status).

-- One row per processed loop. subs: the sub-fingerprints, little-endian uint32, one per frame;
-- quiet: one byte per frame, 1 where the frame carries no sound worth comparing. matched_loop_id and
-- match_ber: the earlier loop whose sound it is, and the bit error rate found (null: new sound).
CREATE TABLE "app"."loop_fingerprints" (
    "loop_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "subs" BYTEA NOT NULL,
    "quiet" BYTEA NOT NULL,
    "matched_loop_id" UUID,
    "match_ber" REAL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loop_fingerprints_pkey" PRIMARY KEY ("loop_id"),
    CONSTRAINT "loop_fingerprints_frames_check" CHECK (octet_length("subs") = 4 * octet_length("quiet")),
    CONSTRAINT "loop_fingerprints_match_check" CHECK (("matched_loop_id" IS NULL) = ("match_ber" IS NULL))
);

-- The lookup index: a sample of each loop's sub-fingerprint values (those whose hash falls in a fixed
-- eighth of the hash space, a finer nested share for long audio: at most 2,048 per loop) with their
-- frame. A new upload looks its own sampled values up (an index scan per value, whatever the catalog's
-- size), and compares only the loops found, at the offsets the hits agree on.
CREATE TABLE "app"."loop_fingerprint_keys" (
    "loop_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "key" INTEGER NOT NULL,

    CONSTRAINT "loop_fingerprint_keys_pkey" PRIMARY KEY ("loop_id", "position")
);
CREATE INDEX "loop_fingerprint_keys_key_idx" ON "app"."loop_fingerprint_keys"("key") INCLUDE ("loop_id", "position");
ALTER TABLE "app"."loop_fingerprint_keys" ADD CONSTRAINT "loop_fingerprint_keys_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loop_fingerprints"("loop_id") ON DELETE CASCADE ON UPDATE CASCADE;
