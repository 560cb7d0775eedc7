// A notification to every user at scale: a throw-away embedded Postgres migrated by the API's own
// `migrate`, 100,000 users made by SQL (1 % banned) and an admin with a session, then the real API
// (`src/main.ts`, its own process, with its broadcast worker) receives POST /api/admin/notifications
// {userId: "all"} and fans it out in batches. The figure is the time from the request to the
// broadcast's status `done`; afterwards every user who is not banned must hold exactly one copy
// and the banned none. Also timed, on the same 100,000 users: GET /api/admin/users (the first page,
// and a search by part of an e-mail) — the Moderation tab must stay fast at this size.
import http from "node:http";
import { apiRequest, createSignedInUser, measureCpu, percentile, withDbClient, withMigratedDatabase } from "./api-harness.mjs";

export const name = "notification-broadcast";
export const description = "POST /api/admin/notifications to all of 100,000 users: seconds until every copy is written";
export const BROADCAST_BUDGET_S = 60;

const USERS = Number(process.env.BENCH_BROADCAST_USERS ?? 100_000);
const BANNED_EVERY = 100;
const LIST_SAMPLES = 30;

/**
 * Users by SQL in one statement. The welcome-bonus trigger (a ledger entry per user) is switched
 * off for this session (session_replication_role = replica): the fan-out reads the users table only.
 */
async function createUsers(db, count) {
  await db.query("SET session_replication_role = replica");
  try {
    await db.query(
      `INSERT INTO "app"."users" ("username", "email", "is_banned", "ban_reason", "created_at")
       SELECT 'bench_user_' || g, 'bench' || g || '@loop.local', g % $2::int = 0, CASE WHEN g % $2::int = 0 THEN 'bench' END,
         now() - (g || ' seconds')::interval
       FROM generate_series(1, $1::int) AS g`,
      [count, BANNED_EVERY],
    );
  } finally {
    await db.query("SET session_replication_role = DEFAULT");
  }
  await db.query('ANALYZE "app"."users"');
}

/** Milliseconds of `samples` GETs of `urlPath` (sorted). */
async function timeGets(port, urlPath, cookie, samples) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  try {
    for (let i = 0; i < samples; i++) {
      const started = process.hrtime.bigint();
      const { status, body } = await apiRequest(port, "GET", urlPath, { cookie, agent });
      if (status !== 200) throw new Error(`GET ${urlPath}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    agent.destroy();
  }
  return times.sort((a, b) => a - b);
}

export async function run({ log }) {
  return withMigratedDatabase("loop-bench-broadcast-", log, async (stage) => {
    const { apiPort, loadAtStart } = stage;
    return withDbClient(stage.databaseUrl, async (db) => {
      const seeded = Date.now();
      await createUsers(db, USERS);
      const admin = await createSignedInUser(db, "bench_admin");
      await db.query(`UPDATE "app"."users" SET "is_admin" = true WHERE "id" = $1`, [admin.id]);
      const { rows: counts } = await db.query(
        `SELECT COUNT(*) FILTER (WHERE NOT "is_banned")::int AS eligible, COUNT(*)::int AS total FROM "app"."users"`,
      );
      const { eligible, total } = counts[0];
      log(
        `${total.toLocaleString("en")} users (${(total - eligible).toLocaleString("en")} banned) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
      );

      const api = await stage.startApi();

      const firstPage = await timeGets(apiPort, "/api/admin/users?limit=50", admin.cookie, LIST_SAMPLES);
      const search = await timeGets(apiPort, `/api/admin/users?search=${encodeURIComponent("bench4242")}`, admin.cookie, LIST_SAMPLES);

      const measured = await measureCpu(api.child.pid, stage.pgDataDir, async () => {
        const started = Date.now();
        const sent = await apiRequest(apiPort, "POST", "/api/admin/notifications", {
          cookie: admin.cookie,
          body: { userId: "all", title: "Benchmark", message: "A notification to every user", type: "info" },
        });
        if (sent.status !== 202) throw new Error(`POST /api/admin/notifications: ${sent.status} ${JSON.stringify(sent.body)}`);
        const broadcastId = sent.body.broadcastId;
        const deadline = started + 10 * 60_000;
        for (;;) {
          const { rows } = await db.query(`SELECT "status", "recipients" FROM "app"."notification_broadcasts" WHERE "id" = $1`, [
            broadcastId,
          ]);
          if (rows[0]?.status === "done") return { broadcastId, ms: Date.now() - started, recipients: rows[0].recipients };
          if (Date.now() > deadline)
            throw new Error(`the broadcast is still ${rows[0]?.status} after 10 minutes (${rows[0]?.recipients} copies)`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      const { broadcastId, ms, recipients } = measured.result;
      await stage.stopApis();

      const { rows: check } = await db.query(
        `SELECT COUNT(*)::int AS copies, COUNT(DISTINCT n."user_id")::int AS users, COUNT(*) FILTER (WHERE u."is_banned")::int AS banned
         FROM "app"."notifications" n JOIN "app"."users" u ON u."id" = n."user_id" WHERE n."broadcast_id" = $1`,
        [broadcastId],
      );
      const { copies, users, banned } = check[0];
      const violations = [];
      if (copies !== eligible || users !== eligible) violations.push(`${copies} copies to ${users} users, ${eligible} expected`);
      if (banned !== 0) violations.push(`${banned} copies to banned users`);
      if (recipients !== eligible) violations.push(`recipients ${recipients}, ${eligible} expected`);
      const seconds = ms / 1000;
      const details = [
        `fan-out: ${eligible.toLocaleString("en")} copies in ${seconds.toFixed(1)} s (${(eligible / seconds).toFixed(0)} per second), from the request to status done`,
        `CPU: API process ${(measured.apiMs / 1000).toFixed(1)} s, Postgres ${(measured.postgresMs / 1000).toFixed(1)} s`,
        `GET /api/admin/users (first page of 50, ${LIST_SAMPLES} calls): p50 ${percentile(firstPage, 50).toFixed(1)} ms, p95 ${percentile(firstPage, 95).toFixed(1)} ms`,
        `GET /api/admin/users?search= (part of an e-mail, ${LIST_SAMPLES} calls): p50 ${percentile(search, 50).toFixed(1)} ms, p95 ${percentile(search, 95).toFixed(1)} ms`,
        `check: ${violations.length === 0 ? "every user who is not banned has exactly one copy, the banned none" : violations.join("; ")}`,
        `(machine load average ${loadAtStart} at the start)`,
      ];
      if (violations.length > 0) throw new Error(`the broadcast check failed:\n${details.join("\n")}`);
      return { value: seconds, unit: "s", budget: BROADCAST_BUDGET_S, lowerIsBetter: true, details };
    });
  });
}
