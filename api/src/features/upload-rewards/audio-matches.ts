// "Is this upload's sound new?" (issue 35; docs/product.md#upload-reward). The loop worker calls
// recordLoopFingerprint once the audio is processed, before the loop is ready: the fingerprint the
// pipeline computed (api/src/audio/fingerprint.ts) is compared with every loop's on the platform and
// kept for the uploads after it. An upload whose sound one earlier loop has (anyone's, hidden ones
// and deleted ones included; failed ones aside) has its waiting upload reward decided 'duplicate'.
//
// The comparison does not read every loop: the upload's sampled sub-fingerprint values (with their
// weakest bits flipped) are looked up in app.loop_fingerprint_keys (an index scan per value), the
// hits vote for (loop, time offset) pairs, and only the CANDIDATES best-voted loops are compared bit
// by bit near their offsets. The lookup and the insert run under one advisory lock, so two uploads of
// the same sound processed at once cannot both be "new": the second to take the lock finds the first.
import {
  compareNear,
  decodeFingerprint,
  encodeFingerprint,
  indexKeys,
  isSameAudio,
  lookupKeys,
  type AudioFingerprint,
  type Comparison,
} from "../../audio/fingerprint";
import type { PrismaClient, Tx } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";

/** Loops compared bit by bit per upload at most (the best-voted ones). */
const CANDIDATES = 10;
/** Offsets tried per candidate loop (its best-voted ones, each with ±2 frames of slack). */
const OFFSETS_PER_CANDIDATE = 3;
/** Serialises fingerprint lookups and inserts (any value that no other advisory lock of the app uses). */
const LOCK = "loop-fingerprints";

export interface AudioMatch {
  /** The earlier loop whose sound the upload is. */
  loopId: string;
  comparison: Comparison;
}

interface Vote {
  loop_id: string;
  offset: number;
  votes: number;
}

/** Candidate (loop, offset) pairs for `print`, best-voted first. */
async function candidates(tx: Tx, loopId: string, print: AudioFingerprint): Promise<Map<string, number[]>> {
  const lookups = lookupKeys(print);
  const byLoop = new Map<string, number[]>();
  if (lookups.length === 0) return byLoop;
  const votes = await tx.$queryRaw<Vote[]>`
    SELECT k."loop_id"::text AS "loop_id", (q."position" - k."position")::int AS "offset", COUNT(*)::int AS "votes"
    FROM unnest(${lookups.map((key) => key.key)}::int[], ${lookups.map((key) => key.position)}::int[]) AS q("key", "position")
    JOIN "app"."loop_fingerprint_keys" k ON k."key" = q."key"
    LEFT JOIN "app"."loops" l ON l."id" = k."loop_id"
    WHERE k."loop_id" <> ${loopId}::uuid AND (l."id" IS NULL OR l."status" <> 'failed')
    GROUP BY 1, 2
    ORDER BY 3 DESC, 1, 2
    LIMIT ${CANDIDATES * OFFSETS_PER_CANDIDATE * 4}`;
  for (const vote of votes) {
    const offsets = byLoop.get(vote.loop_id);
    if (offsets) {
      if (offsets.length < OFFSETS_PER_CANDIDATE) offsets.push(vote.offset);
    } else if (byLoop.size < CANDIDATES) {
      byLoop.set(vote.loop_id, [vote.offset]);
    }
  }
  return byLoop;
}

/** The best match of `print` among the candidates (lowest bit error rate), or null: new sound. */
async function bestMatch(tx: Tx, print: AudioFingerprint, byLoop: Map<string, number[]>): Promise<AudioMatch | null> {
  if (byLoop.size === 0) return null;
  const stored = await tx.loopFingerprint.findMany({
    where: { loopId: { in: [...byLoop.keys()] } },
    select: { loopId: true, subs: true, quiet: true },
  });
  let best: AudioMatch | null = null;
  for (const row of stored) {
    const earlier = decodeFingerprint(row.subs, row.quiet);
    for (const offset of byLoop.get(row.loopId) ?? []) {
      const comparison = compareNear(print, earlier, offset);
      if (isSameAudio(print, comparison) && (!best || comparison.ber < best.comparison.ber)) best = { loopId: row.loopId, comparison };
    }
  }
  return best;
}

/**
 * Keeps the processed loop's fingerprint and compares it with every other loop's; a match decides
 * its waiting upload reward 'duplicate'. Run again for the same loop (a retried job), it starts over.
 */
export async function recordLoopFingerprint(
  prisma: PrismaClient,
  loop: { id: string; userId: string },
  print: AudioFingerprint,
): Promise<AudioMatch | null> {
  const { subs, quiet } = encodeFingerprint(print);
  const keys = indexKeys(print);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${LOCK}, 0))`;
    await tx.loopFingerprint.deleteMany({ where: { loopId: loop.id } });
    const match = await bestMatch(tx, print, await candidates(tx, loop.id, print));
    await tx.loopFingerprint.create({
      data: {
        loopId: loop.id,
        userId: loop.userId,
        subs: new Uint8Array(subs),
        quiet: new Uint8Array(quiet),
        matchedLoopId: match?.loopId ?? null,
        matchBer: match ? match.comparison.ber : null,
      },
    });
    if (keys.length > 0) {
      await tx.$executeRaw`
        INSERT INTO "app"."loop_fingerprint_keys" ("loop_id", "position", "key")
        SELECT ${loop.id}::uuid, k."position", k."key" FROM unnest(${keys.map((key) => key.position)}::int[], ${keys.map((key) => key.key)}::int[]) AS k("position", "key")`;
    }
    if (match) {
      await tx.$executeRaw`
        UPDATE "app"."upload_rewards" SET "status" = 'duplicate', "decided_at" = CURRENT_TIMESTAMP
        WHERE "loop_id" = ${loop.id}::uuid AND "status" = 'waiting'`;
    }
    return match;
  }, TX_DEFAULT);
}
