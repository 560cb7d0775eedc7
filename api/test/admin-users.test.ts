// The admin API's authorization (every /api/admin/* path of the OpenAPI document) and user
// management: the list and its search, admin status (never the last admin), bans that apply to
// the very next request of every session, warnings; each change audited in its transaction.
import { randomUUID } from "node:crypto";
import { ADMIN_USER_MESSAGES, adminUserListSchema, adminUserSchema, warningResponseSchema } from "@loop/rules/schemas/admin-users";
import { auditLogSchema } from "@loop/rules/schemas/audit-log";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "@loop/rules/error-codes";
import { buildOpenApiDocument } from "../src/features/openapi/document";
import { fundMember, signInAdmin, signInMember } from "./support/members";
import { newAccount, walletSignIn, type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS, waitFor } from "./support/wait";

type Member = { browser: Browser; id: string };

describe("admin: authorization and users", () => {
  let t: TestApp;
  let admin: Member;

  const notificationsOf = (userId: string) =>
    t.db.prisma.notification.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { type: true, title: true, message: true },
    });
  const auditOf = (targetId: string) =>
    t.db.prisma.adminAuditEntry.findMany({
      where: { targetId },
      orderBy: { id: "asc" },
      select: { adminId: true, action: true, targetType: true, before: true, after: true },
    });
  /** The body parses with its schema and has no field the schema does not describe. */
  function exact<T>(schema: { parse(value: unknown): T }, body: unknown): T {
    const parsed = schema.parse(body);
    expect(parsed).toEqual(body);
    return parsed;
  }
  const username = async (id: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id } })).username;
  /** GET /api/admin/users with `query` (search, limit, offset), as the admin. */
  const listUsers = async (query: Record<string, string | number>) =>
    adminUserListSchema.parse((await admin.browser.get("/api/admin/users").query(query).expect(200)).body);
  /**
   * Runs `requests` while another transaction holds the admin rows locked, until two requests wait
   * for that lock: both are past their sign-in and admin checks, in flight at once, however fast the
   * first one would otherwise finish (it could commit before the second is even read).
   */
  async function whileAdminRowsLocked<T>(requests: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT "id" FROM "app"."users" WHERE "is_admin" FOR UPDATE`);
      const done = requests();
      // Inside the holder's transaction pg_stat_activity is read once and kept: clear it per look.
      const waiting = async () => {
        await holder.query("SELECT pg_stat_clear_snapshot()");
        return holder.query<{ count: number }>(
          // Only the revokes' own wait counts: another session may wait on these rows meanwhile (a
          // member's first request of the day records them active, and its key check waits too).
          `SELECT count(*)::int AS "count" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'
             AND "pid" <> pg_backend_pid() AND "query" LIKE '%WHERE "is_admin" ORDER BY "id" FOR UPDATE%'`,
        );
      };
      // Bounded: should a request not get that far, its answer tells the assertions why.
      for (const deadline = Date.now() + EVENT_DEADLINE_MS; (await waiting()).rows[0]!.count < 2 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query("COMMIT");
      return await done;
    } finally {
      await holder.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it("every /api/admin route of the OpenAPI document: 401 signed out, 403 for a user, the ban message for a banned user, served for an admin", async () => {
    const document = buildOpenApiDocument(t.config);
    const calls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({ method: method as "get" | "post" | "put" | "patch" | "delete", path })),
      );
    // The routes of this issue and the earlier ones are all there (new ones are covered as they come).
    const listed = calls.map((call) => `${call.method.toUpperCase()} ${call.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /api/admin/stats",
        "POST /api/admin/vault/deposit",
        "GET /api/admin/admin-orders",
        "POST /api/admin/admin-orders/{id}/fulfil",
        "POST /api/admin/admin-orders/{id}/reject",
        "GET /api/admin/tokens/withdrawals",
        "PUT /api/admin/tokens/withdrawals/{id}/status",
        "GET /api/admin/users",
        "PUT /api/admin/users/{id}/admin",
        "PUT /api/admin/users/{id}/ban",
        "POST /api/admin/users/{id}/warning",
        "GET /api/admin/loops",
        "PUT /api/admin/loops/{id}/visibility",
        "PUT /api/admin/loops/{id}/moderation",
        "GET /api/admin/level-rewards",
        "POST /api/admin/notifications",
        "GET /api/admin/audit-log",
        "GET /api/admin/settings",
        "PUT /api/admin/settings",
      ]),
    );

    const user = await signInMember(t);
    const banned = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: banned.id }, data: { isBanned: true, banReason: "Spam" } });
    const auditBefore = await t.db.prisma.adminAuditEntry.count();
    for (const { method, path } of calls) {
      // An unknown id and an empty body: whatever passes authorization changes nothing.
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const route = `${method.toUpperCase()} ${path}`;
      const anonymous = await browser(t.app)[method](url).send({});
      expect({ route, status: anonymous.status }).toEqual({ route, status: 401 });
      const asUser = await user.browser[method](url).send({});
      expect({ route, status: asUser.status, body: asUser.body }).toMatchObject({
        route,
        status: 403,
        body: { message: ERROR_CODES.ADMIN_REQUIRED.message, code: "ADMIN_REQUIRED" },
      });
      const asBanned = await banned.browser[method](url).send({});
      expect({ route, status: asBanned.status, body: asBanned.body }).toMatchObject({
        route,
        status: 403,
        body: { message: "Your account has been banned. Reason: Spam" },
      });
      const asAdmin = await admin.browser[method](url).send({});
      expect({ route, status: asAdmin.status, denied: [401, 403].includes(asAdmin.status) }).toMatchObject({ route, denied: false });
      expect(asAdmin.status).toBeLessThan(500);
    }
    expect(await t.db.prisma.adminAuditEntry.count()).toBe(auditBefore);
  });

  it("lists users newest first with their figures; search by part of the username, e-mail or wallet, literally", async () => {
    const a = await signInMember(t, "Alice.Example@mail.test");
    const b = await signInMember(t, "bob_100%@mail.test");
    await fundMember(t, b.id, 10n);
    const c = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: c.id }, data: { isBanned: true, banReason: "Fraud" } });

    const page = exact(adminUserListSchema, (await admin.browser.get("/api/admin/users?limit=3").expect(200)).body);
    expect(page.users.map((u) => u.id)).toEqual([c.id, b.id, a.id]);
    const all = await t.db.prisma.user.count();
    const banned = await t.db.prisma.user.count({ where: { isBanned: true } });
    expect(page.total).toBe(all);
    expect(page.counts).toEqual({ active: all - banned, banned, admins: await t.db.prisma.user.count({ where: { isAdmin: true } }) });
    expect(page.users[0]).toMatchObject({
      isBanned: true,
      banReason: "Fraud",
      warnings: 0,
      totalEarned: "0.00000000",
      totalSpent: "0.00000000",
    });
    expect(page.users[1]).toMatchObject({ email: "bob_100%@mail.test", isAdmin: false, level: 1 });
    // The next page goes on where this one stopped.
    const next = await listUsers({ limit: 3, offset: 3 });
    expect(next.users.map((u) => u.id)).not.toContain(a.id);

    const search = (text: string) => listUsers({ search: text });
    expect((await search("ALICE.example")).users.map((u) => u.id)).toEqual([a.id]);
    // % and _ are matched as themselves, not as patterns.
    expect((await search("100%")).users.map((u) => u.id)).toEqual([b.id]);
    expect((await search("b_100")).users.map((u) => u.id)).toEqual([b.id]);
    expect((await search("%")).users.map((u) => u.id)).toEqual([b.id]);
    const wallet = (await t.db.prisma.walletLink.findUniqueOrThrow({ where: { userId: c.id } })).address;
    const byWallet = await search(wallet.slice(6, 20).toUpperCase());
    expect(byWallet.users.map((u) => u.id)).toEqual([c.id]);
    expect(byWallet.users[0]!.walletAddress).toBe(wallet);
    const byName = await search((await username(a.id)).toUpperCase());
    expect(byName.users.map((u) => u.id)).toEqual([a.id]);
    expect(byName.total).toBe(1);
    const none = await search("no-such-user-anywhere");
    expect(none).toMatchObject({ users: [], total: 0 });
    expect(none.counts).toEqual(page.counts);
    // Past the last match the total is still right.
    expect(await listUsers({ search: "mail.test", offset: 5 })).toMatchObject({ users: [], total: 2 });

    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"])
      await admin.browser.get(`/api/admin/users?${query}`).expect(400);
  });

  it("totalEarned and totalSpent are the ledger's sales and purchases (as on the own profile)", async () => {
    const seller = await signInMember(t);
    const found = await listUsers({ search: await username(seller.id) });
    const level = (await seller.browser.get("/api/user/level").expect(200)).body;
    expect(found.users[0]).toMatchObject({ totalEarned: level.totalEarned, totalSpent: level.totalSpent });
  });

  it("grants and revokes admin status: notified, audited; unknown ids are 404; bad bodies change nothing", async () => {
    const member = await signInMember(t);
    for (const body of [{}, { isAdmin: "yes" }, { isAdmin: null }]) {
      const response = await admin.browser.put(`/api/admin/users/${member.id}/admin`).send(body).expect(400);
      expect(response.body).toMatchObject({ message: ADMIN_USER_MESSAGES.invalidAdminFlag });
    }
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await admin.browser.put(`/api/admin/users/${id}/admin`).send({ isAdmin: true }).expect(404)).body).toMatchObject({
        message: ADMIN_USER_MESSAGES.notFound,
      });
    }
    expect(await auditOf(member.id)).toEqual([]);
    await member.browser.get("/api/admin/stats").expect(403);

    const granted = exact(
      adminUserSchema,
      (await admin.browser.put(`/api/admin/users/${member.id}/admin`).send({ isAdmin: true }).expect(200)).body,
    );
    expect(granted).toMatchObject({ id: member.id, isAdmin: true });
    // The member's own session is an admin's at once.
    await member.browser.get("/api/admin/stats").expect(200);
    await admin.browser.put(`/api/admin/users/${member.id}/admin`).send({ isAdmin: false }).expect(200);
    await member.browser.get("/api/admin/stats").expect(403);

    expect(await notificationsOf(member.id)).toEqual([
      expect.objectContaining({ type: "success", title: "Admin Access Granted" }),
      expect.objectContaining({ type: "info", title: "Admin Access Removed" }),
    ]);
    expect(await auditOf(member.id)).toEqual([
      { adminId: admin.id, action: "user.admin_granted", targetType: "user", before: { isAdmin: false }, after: { isAdmin: true } },
      { adminId: admin.id, action: "user.admin_revoked", targetType: "user", before: { isAdmin: true }, after: { isAdmin: false } },
    ]);
  });

  it("never removes the last admin, also when two admins revoke each other at once", async () => {
    // Only `admin` is an admin now.
    expect(await t.db.prisma.user.count({ where: { isAdmin: true } })).toBe(1);
    const last = await admin.browser.put(`/api/admin/users/${admin.id}/admin`).send({ isAdmin: false }).expect(409);
    expect(last.body).toMatchObject({ message: ADMIN_USER_MESSAGES.lastAdmin });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).isAdmin).toBe(true);

    for (let round = 0; round < 4; round++) {
      const [one, two] = [await signInAdmin(t), await signInAdmin(t)];
      // Each admin counted active today first: that insert's key check would wait on the locked rows
      // too, holding a connection of the app's pool.
      await Promise.all([one.browser.get("/api/auth/user").expect(200), two.browser.get("/api/auth/user").expect(200)]);
      await waitFor(
        "both admins counted active today",
        async () => (await t.db.prisma.memberActiveDay.count({ where: { userId: { in: [one.id, two.id] } } })) === 2,
      );
      // Down to these two admins.
      await t.db.prisma.user.updateMany({ where: { isAdmin: true, id: { notIn: [one.id, two.id] } }, data: { isAdmin: false } });
      const [first, second] = await whileAdminRowsLocked(() =>
        Promise.all([
          one.browser.put(`/api/admin/users/${two.id}/admin`).send({ isAdmin: false }),
          two.browser.put(`/api/admin/users/${one.id}/admin`).send({ isAdmin: false }),
        ]),
      );
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect([first, second].find((r) => r.status === 409)!.body).toMatchObject({ message: ADMIN_USER_MESSAGES.lastAdmin });
      expect(await t.db.prisma.user.count({ where: { isAdmin: true } })).toBe(1);
    }
    await t.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
  });

  it("a ban applies to the user's next request in every session; GET /api/auth/user still says why; unban restores", async () => {
    // Two sessions of one account (two browsers).
    const account = newAccount();
    const member = { browser: browser(t.app), id: "" };
    const first = await walletSignIn(member.browser, account);
    expect(first.status).toBe(200);
    member.id = first.body.id as string;
    const otherSession = browser(t.app);
    expect((await walletSignIn(otherSession, account)).status).toBe(200);
    await member.browser.get("/api/tokens/balance").expect(200);
    await otherSession.get("/api/tokens/balance").expect(200);
    const sessionsBefore = await t.db.prisma.session.count({ where: { userId: member.id } });
    expect(sessionsBefore).toBe(2);

    const response = await admin.browser
      .put(`/api/admin/users/${member.id}/ban`)
      .send({ isBanned: true, banReason: "  Selling stolen samples  " })
      .expect(200);
    expect(exact(adminUserSchema, response.body)).toMatchObject({ isBanned: true, banReason: "Selling stolen samples" });

    const refused = await member.browser.get("/api/tokens/balance").expect(403);
    expect(refused.body).toEqual({ message: "Your account has been banned. Reason: Selling stolen samples", code: "ACCOUNT_BANNED" });
    await member.browser.post("/api/tokens/transfer").send({}).expect(403);
    const me = (await member.browser.get("/api/auth/user").expect(200)).body;
    expect(me).toMatchObject({ id: member.id, isBanned: true, banReason: "Selling stolen samples" });
    // The sessions were kept (the ban is read per request).
    expect(await t.db.prisma.session.count({ where: { userId: member.id } })).toBe(sessionsBefore);
    expect((await otherSession.get("/api/tokens/balance").expect(403)).body).toEqual(refused.body);

    const restored = await admin.browser
      .put(`/api/admin/users/${member.id}/ban`)
      .send({ isBanned: false, banReason: "ignored" })
      .expect(200);
    expect(restored.body).toMatchObject({ isBanned: false, banReason: null });
    await member.browser.get("/api/tokens/balance").expect(200);
    await otherSession.get("/api/tokens/balance").expect(200);

    expect(await notificationsOf(member.id)).toEqual([
      { type: "error", title: "Account Banned", message: "Your account has been banned. Reason: Selling stolen samples" },
      expect.objectContaining({ title: "Account Restored" }),
    ]);
    expect(await auditOf(member.id)).toEqual([
      {
        adminId: admin.id,
        action: "user.banned",
        targetType: "user",
        before: { isBanned: false, banReason: null },
        after: { isBanned: true, banReason: "Selling stolen samples" },
      },
      {
        adminId: admin.id,
        action: "user.unbanned",
        targetType: "user",
        before: { isBanned: true, banReason: "Selling stolen samples" },
        after: { isBanned: false, banReason: null },
      },
    ]);
  });

  it("a ban needs a reason; not oneself, not an admin; refusals change nothing", async () => {
    const member = await signInMember(t);
    const other = await signInAdmin(t);
    const cases: [string, unknown, number, string][] = [
      [member.id, { isBanned: true }, 400, ADMIN_USER_MESSAGES.banReasonRequired],
      [member.id, { isBanned: true, banReason: "   " }, 400, ADMIN_USER_MESSAGES.banReasonRequired],
      [member.id, { isBanned: true, banReason: "x".repeat(501) }, 400, ADMIN_USER_MESSAGES.banReasonTooLong],
      [member.id, { isBanned: "yes", banReason: "x" }, 400, ADMIN_USER_MESSAGES.invalidBanFlag],
      [admin.id, { isBanned: true, banReason: "me" }, 400, ADMIN_USER_MESSAGES.cannotBanSelf],
      [other.id, { isBanned: true, banReason: "an admin" }, 409, ADMIN_USER_MESSAGES.cannotBanAdmin],
      [randomUUID(), { isBanned: true, banReason: "nobody" }, 404, ADMIN_USER_MESSAGES.notFound],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await admin.browser.put(`/api/admin/users/${id}/ban`).send(body as object);
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
    for (const id of [member.id, other.id, admin.id]) {
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id }, select: { isBanned: true, banReason: true } })).toEqual({
        isBanned: false,
        banReason: null,
      });
      expect(await notificationsOf(id)).toEqual([]);
      expect(await auditOf(id)).toEqual([]);
    }
    await t.db.prisma.user.update({ where: { id: other.id }, data: { isAdmin: false } });
  });

  it("a banned user cannot be made an admin until unbanned", async () => {
    const member = await signInMember(t);
    await admin.browser.put(`/api/admin/users/${member.id}/ban`).send({ isBanned: true, banReason: "Spam" }).expect(200);
    const refused = await admin.browser.put(`/api/admin/users/${member.id}/admin`).send({ isAdmin: true }).expect(409);
    expect(refused.body).toMatchObject({ message: ADMIN_USER_MESSAGES.cannotPromoteBanned });
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id }, select: { isAdmin: true } })).toEqual({ isAdmin: false });
    await admin.browser.put(`/api/admin/users/${member.id}/ban`).send({ isBanned: false }).expect(200);
    const promoted = await admin.browser.put(`/api/admin/users/${member.id}/admin`).send({ isAdmin: true }).expect(200);
    expect(promoted.body).toMatchObject({ id: member.id, isAdmin: true, isBanned: false });
    await t.db.prisma.user.update({ where: { id: member.id }, data: { isAdmin: false } });
  });

  it("a warning: its record, a notification whose type follows the severity, and the audit entry", async () => {
    const member = await signInMember(t);
    for (const [body, message] of [
      [{ severity: "low" }, ADMIN_USER_MESSAGES.warningRequired],
      [{ message: "  ", severity: "low" }, ADMIN_USER_MESSAGES.warningRequired],
      [{ message: "x".repeat(1001), severity: "low" }, ADMIN_USER_MESSAGES.warningTooLong],
      [{ message: "Be nice", severity: "extreme" }, ADMIN_USER_MESSAGES.invalidSeverity],
    ] as const) {
      expect((await admin.browser.post(`/api/admin/users/${member.id}/warning`).send(body).expect(400)).body).toMatchObject({ message });
    }
    expect(await t.db.prisma.userWarning.count({ where: { userId: member.id } })).toBe(0);
    await admin.browser.post(`/api/admin/users/${randomUUID()}/warning`).send({ message: "x", severity: "low" }).expect(404);

    const sent = [] as string[];
    for (const severity of ["low", "medium", "high"] as const) {
      const response = await admin.browser
        .post(`/api/admin/users/${member.id}/warning`)
        .send({ message: ` Stop reuploading (${severity}) `, severity })
        .expect(201);
      const warning = exact(warningResponseSchema, response.body);
      expect(warning).toMatchObject({ userId: member.id, severity, message: `Stop reuploading (${severity})` });
      sent.push(warning.id);
    }
    const rows = await t.db.prisma.userWarning.findMany({ where: { userId: member.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.id, row.adminId, row.severity])).toEqual([
      [sent[0], admin.id, "low"],
      [sent[1], admin.id, "medium"],
      [sent[2], admin.id, "high"],
    ]);
    expect(await notificationsOf(member.id)).toEqual([
      { type: "info", title: "Warning from the LOOP team", message: "Stop reuploading (low)" },
      { type: "warning", title: "Warning from the LOOP team", message: "Stop reuploading (medium)" },
      { type: "error", title: "Warning from the LOOP team", message: "Stop reuploading (high)" },
    ]);
    expect((await auditOf(member.id)).map((entry) => [entry.action, (entry.after as { severity: string }).severity])).toEqual([
      ["user.warned", "low"],
      ["user.warned", "medium"],
      ["user.warned", "high"],
    ]);
    const listed = await listUsers({ search: await username(member.id) });
    expect(listed.users[0]!.warnings).toBe(3);
  });

  it("the audit log: newest first, with the admin who acted; paged", async () => {
    const log = exact(auditLogSchema, (await admin.browser.get("/api/admin/audit-log?limit=2").expect(200)).body);
    expect(log.total).toBe(await t.db.prisma.adminAuditEntry.count());
    expect(log.entries).toHaveLength(2);
    expect(log.entries[0]).toMatchObject({
      action: "user.warned",
      targetType: "user",
      admin: { id: admin.id, username: await username(admin.id) },
    });
    expect(BigInt(log.entries[0]!.id)).toBeGreaterThan(BigInt(log.entries[1]!.id));
    const next = auditLogSchema.parse((await admin.browser.get("/api/admin/audit-log?limit=2&offset=2").expect(200)).body);
    expect(BigInt(next.entries[0]!.id)).toBeLessThan(BigInt(log.entries[1]!.id));
    await admin.browser.get("/api/admin/audit-log?limit=1000").expect(400);
  });
});
