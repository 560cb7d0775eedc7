// The files of a loop taken down (issue 37) are kept while any buyer holds it, and deleted once
// none does: its original and everything made from it. A sweep of the API processes (api-role.ts)
// deletes them a grace period after the taking down, which outlasts the payments that were under
// way at that moment (a wallet quote, a card or PayPal checkout) and may still make a buyer.
import type { PrismaClient } from "../../db/prisma";
import type { Storage } from "../../storage/storage";

/** How long a removed loop's files are kept at least (a day: every quote and checkout has ended by then). */
export const REMOVED_FILES_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 20;

/** No purchase of it that was not refunded, and no free download's licence. */
const NO_HOLDER = `NOT EXISTS (SELECT 1 FROM "app"."purchases" p WHERE p."loop_id" = l."id" AND p."refunded_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "app"."licences" c WHERE c."download_loop_id" = l."id")`;

interface Due {
  id: string;
  keys: (string | null)[];
}

/**
 * Deletes the files of removed loops that nobody holds; returns how many loops. The row is marked
 * (and its keys cleared, its bytes no longer counted against the creator's quota) only after the
 * files are gone, so a pass that dies midway is finished by the next one. A holder that appears
 * meanwhile (a refund reversed) keeps the row unmarked: the mark re-checks in the same statement.
 */
export async function purgeRemovedLoopFiles(prisma: PrismaClient, storage: Storage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REMOVED_FILES_GRACE_MS);
  const due = await prisma.$queryRawUnsafe<Due[]>(
    `SELECT l."id"::text AS id, ARRAY[l."original_key", l."preview_key", l."mp3_key", l."wav_key", l."peaks_key"] AS keys
     FROM "app"."loops" l
     WHERE l."status" = 'removed' AND l."files_purged_at" IS NULL AND l."removed_at" <= $1 AND ${NO_HOLDER}
     ORDER BY l."removed_at" LIMIT ${BATCH}`,
    cutoff,
  );
  let purged = 0;
  for (const loop of due) {
    for (const key of loop.keys) if (key) await storage.delete(key);
    purged += await prisma.$executeRawUnsafe(
      `UPDATE "app"."loops" l SET "files_purged_at" = now(), "preview_key" = NULL, "mp3_key" = NULL, "wav_key" = NULL,
         "peaks_key" = NULL, "original_bytes" = 0, "derived_bytes" = 0
       WHERE l."id" = $1::uuid AND l."status" = 'removed' AND l."files_purged_at" IS NULL AND ${NO_HOLDER}`,
      loop.id,
    );
  }
  return purged;
}
