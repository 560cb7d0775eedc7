// The bell's notification to a creator's followers when an upload of theirs becomes ready and is
// public (issue 24), linking to the loop's page (issue 36). Written by the loop worker in the
// transaction that makes the loop ready, only when that update changed the loop (a retried job
// finds it ready and notifies nobody again), as one INSERT ... SELECT from the follows: the
// statement trigger "notifications_announce" pushes the rows to the followers' open pages: its
// messages name every follower, so only their streams hear of it (migration
// 20261202110000_notification_recipients).
import { newUploadNotification } from "@loop/rules/schemas/follows";
import { paths } from "@loop/rules/paths";
import type { Tx } from "../../db/prisma";

/** Inside the transaction that set the loop ready (its row is locked by that update). Returns how many followers were told. */
export async function notifyFollowersOfUpload(tx: Tx, loopId: string): Promise<number> {
  const [loop] = await tx.$queryRaw<{ user_id: string; title: string; username: string }[]>`
    SELECT l."user_id"::text AS user_id, l."title", u."username"
    FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id"
    WHERE l."id" = ${loopId}::uuid AND l."status" = 'ready' AND l."is_public"`;
  if (!loop) return 0;
  const notification = newUploadNotification(loop.username, loop.title);
  return tx.$executeRaw`
    INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text")
    SELECT f."follower_id", ${notification.type}, ${notification.title}, ${notification.message}, ${paths.loop(loopId)}, ${notification.actionText}
    FROM "app"."follows" f
    WHERE f."followee_id" = ${loop.user_id}::uuid`;
}
