// Active members (issue 23, admin analytics): a signed-in member who made at least one authenticated request on
// a UTC day. The session middleware calls noteActiveMember on every signed-in request; the first one of a member
// on a day (per process) inserts (user, day) into app.member_active_days, ON CONFLICT DO NOTHING, whose insert
// trigger counts the member in admin_daily_stats (migration 20261129080000_admin_analytics). The insert is not
// awaited: the request never waits for it, and a failure is logged (and tried again on the member's next request).
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";

interface SeenToday {
  day: string;
  users: Set<string>;
}

/** Per Prisma client (one per process; one per test file): the members already recorded today. */
const seenByClient = new WeakMap<PrismaClient, SeenToday>();

const DAY_MS = 86_400_000;
/** The last UTC day asked for, with its bounds: every signed-in request asks, and it is mostly the same day. */
let lastDay = { start: 0, end: 0, text: "" };

function utcDay(ms: number): string {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay.text;
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  lastDay = { start, end: start + DAY_MS, text: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.text;
}

/**
 * Records `userId` as active today, at most once per member and UTC day in this process. Returns the insert
 * in flight (tests await it), or null when the member was recorded already; callers do not wait for it.
 */
export function noteActiveMember(
  prisma: PrismaClient,
  userId: string,
  logger: Logger,
  now: Date | number = Date.now(),
): Promise<void> | null {
  // A number by default: every signed-in request asks, and a Date per request was garbage for nothing.
  const day = utcDay(typeof now === "number" ? now : now.getTime());
  let seen = seenByClient.get(prisma);
  if (!seen || seen.day !== day) {
    seen = { day, users: new Set() };
    seenByClient.set(prisma, seen);
  }
  if (seen.users.has(userId)) return null;
  const users = seen.users;
  users.add(userId);
  return prisma.$executeRaw`
    INSERT INTO "app"."member_active_days" ("user_id", "day") VALUES (${userId}::uuid, ${day}::date)
    ON CONFLICT DO NOTHING`.then(
    () => undefined,
    (error: unknown) => {
      users.delete(userId);
      logger.error(`active members: could not record ${userId} as active on ${day}`, error);
    },
  );
}
