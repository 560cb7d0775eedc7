// Announces notifications whose rows were committed without the statement trigger's pg_notify
// (a transfer's: migration 20261126180000_transfer_function), and members' changes committed
// without theirs (a purchase in one statement's, a change of the buyer's marks: migration
// 20261210090000_purchase_in_app, on member_marks_changed since 20261211090000). A transaction that
// notifies holds Postgres' one notify-queue lock until its commit is on disk, so notifying inside a
// transfer made every transfer wait for the one before it (issue 19). Here the announcement follows
// the commit, in a statement of its own that does not wait for a disk flush, with the trigger's messages
// (app.notifications_announce_committed), so the hubs of every API process deliver it as before.
// Batched: what commits while an announcement is on its way goes out together in the next one, and
// announcements leave one after another, in commit order. A crash between the commit and the
// announcement loses only the live message: the row is committed, and the page sees it when it
// next refetches; a member's change unheard by another process is seen there once its kept entry
// ages out (db/member-changes.ts: a minute).
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";

const ANNOUNCE_SQL = `SELECT "app"."announce_committed"($1::uuid[], $2::uuid[], $3::uuid[])::text AS "done"`;

interface Announcer {
  add(userId: string, notificationId: string, logger: Logger | undefined): void;
  addMember(userId: string, logger: Logger | undefined): void;
}

/** One per database client, like the catalog cache: two apps on two databases never mix. */
const announcers = new WeakMap<PrismaClient, Announcer>();

function createAnnouncer(prisma: PrismaClient): Announcer {
  let userIds: string[] = [];
  let ids: string[] = [];
  let members: string[] = [];
  let logger: Logger | undefined;
  let scheduled = false;
  let sending = false;

  async function send(): Promise<void> {
    if (sending || (ids.length === 0 && members.length === 0)) return;
    sending = true;
    const batch = [userIds, ids, members] as const;
    userIds = [];
    ids = [];
    members = [];
    try {
      await hotQuery(prisma, "loop_announce_committed", ANNOUNCE_SQL, batch);
    } catch (error) {
      (logger?.error ?? console.error)(
        "notifications: announcing committed notifications and member changes failed (pages see them at their next refetch)",
        error,
      );
    } finally {
      sending = false;
    }
    void send();
  }

  const schedule = (log: Logger | undefined) => {
    logger = log ?? logger;
    if (scheduled || sending) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void send();
    });
  };

  return {
    add(userId, notificationId, log) {
      userIds.push(userId);
      ids.push(notificationId);
      schedule(log);
    },
    addMember(userId, log) {
      members.push(userId);
      schedule(log);
    },
  };
}

function announcerOf(prisma: PrismaClient): Announcer {
  let announcer = announcers.get(prisma);
  if (!announcer) announcers.set(prisma, (announcer = createAnnouncer(prisma)));
  return announcer;
}

/** Announces a committed notification (its row inserted with app.notifications_announced_after_commit on). */
export function announceCommitted(prisma: PrismaClient, userId: string, notificationId: string, logger?: Logger): void {
  announcerOf(prisma).add(userId, notificationId, logger);
}

/** Announces a change of a member's marks, committed (written with app.member_changed_announced_after_commit on): member_marks_changed. */
export function announceMarksChanged(prisma: PrismaClient, userId: string, logger?: Logger): void {
  announcerOf(prisma).addMember(userId, logger);
}
