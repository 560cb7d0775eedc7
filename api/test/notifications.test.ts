// The bell (docs/product.md#data, docs/product.md#validation): GET /api/notifications, PUT /api/notifications/:id/read,
// PUT /api/notifications/read-all, POST /api/notifications, and the live stream
// GET /api/notifications/stream (Server-Sent Events over Postgres LISTEN/NOTIFY), read with a real
// HTTP client; plus the notifications of transfers, withdrawals and level-ups.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import {
  markAllReadResponseSchema,
  NOTIFICATION_MESSAGES as M,
  notificationListSchema,
  notificationSchema,
  type Notification,
} from "@loop/rules/schemas/notifications";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { awardXp } from "../src/features/levels/award-xp";
import { createNotificationInTx } from "../src/features/notifications/create-notification";
import { OWN_NOTIFICATIONS_PER_HOUR, TOO_MANY_NOTIFICATIONS } from "@loop/rules/schemas/notifications";
import { EventStreamClient } from "./support/event-stream";
import { fundMember, signInAdmin, signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
describe("notifications", () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  const streams: EventStreamClient[] = [];
  let seq = 0;

  const list = async (as: Browser) => notificationListSchema.parse((await as.get("/api/notifications").expect(200)).body);
  const create = (as: Browser, body: unknown) => as.post("/api/notifications").send(body as object);
  /** A notification written the way every feature writes them: createNotificationInTx in a transaction. */
  const notifyInTx = (userId: string, title: string) =>
    t.db.prisma.$transaction((tx) => createNotificationInTx(tx, { userId, type: "info", title, message: `${title} message` }));
  async function openStream(cookie: string) {
    const stream = await EventStreamClient.open(baseUrl, cookie);
    streams.push(stream);
    return stream;
  }
  /** A signed-in user with an open stream that has said `sync` (from then on nothing is missed). */
  async function listening() {
    const user = await signInMember(t);
    const stream = await openStream(user.cookie);
    expect(stream.response.status).toBe(200);
    await stream.waitForSync(1);
    return { ...user, stream };
  }

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    streams.splice(0).forEach((stream) => stream.abort());
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  describe("the list and read marks", () => {
    it("signed out: 401 on every call, the stream included", async () => {
      await request(t.app).get("/api/notifications").expect(401);
      await browser(t.app).put("/api/notifications/read-all").expect(401);
      await browser(t.app).put("/api/notifications/00000000-0000-4000-8000-000000000000/read").expect(401);
      await browser(t.app).post("/api/notifications").send({ title: "a", message: "b" }).expect(401);
      const stream = await fetch(`${baseUrl}/api/notifications/stream`);
      expect(stream.status).toBe(401);
      expect(stream.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await stream.json()).toMatchObject({ message: "Unauthorized" });
    });

    it("lists the user's own notifications newest first, with a limit of 50 by default and 100 at most", async () => {
      const a = await signInMember(t);
      const b = await signInMember(t);
      expect(await list(a.browser)).toEqual([]);
      await t.db.prisma.notification.createMany({
        data: Array.from({ length: 55 }, (_, i) => ({
          userId: a.id,
          type: "info",
          title: `N${i}`,
          message: "m",
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      });
      await notifyInTx(b.id, "For B");
      const mine = await list(a.browser);
      expect(mine).toHaveLength(50);
      expect(mine[0]!.title).toBe("N54");
      expect(mine[49]!.title).toBe("N5");
      expect(mine.every((n) => !n.isRead)).toBe(true);
      expect((await a.browser.get("/api/notifications?limit=100").expect(200)).body).toHaveLength(55);
      expect((await a.browser.get("/api/notifications?limit=2").expect(200)).body.map((n: Notification) => n.title)).toEqual([
        "N54",
        "N53",
      ]);
      await a.browser.get("/api/notifications?limit=101").expect(400);
      await a.browser.get("/api/notifications?limit=0").expect(400);
      expect((await list(b.browser)).map((n) => n.title)).toEqual(["For B"]);
    });

    it("marks one read; someone else's, an unknown or a malformed id answer 404 and change nothing", async () => {
      const a = await signInMember(t);
      const b = await signInMember(t);
      const first = await notifyInTx(a.id, "First");
      await notifyInTx(a.id, "Second");
      const read = notificationSchema.parse((await a.browser.put(`/api/notifications/${first.id}/read`).expect(200)).body);
      expect(read).toMatchObject({ id: first.id, title: "First", isRead: true });
      // Again: still fine, still read.
      expect((await a.browser.put(`/api/notifications/${first.id.toUpperCase()}/read`).expect(200)).body.isRead).toBe(true);

      const bs = await notifyInTx(b.id, "B's");
      expect((await a.browser.put(`/api/notifications/${bs.id}/read`).expect(404)).body).toMatchObject({ message: M.notFound });
      expect((await a.browser.put("/api/notifications/00000000-0000-4000-8000-000000000000/read").expect(404)).body).toMatchObject({
        message: M.notFound,
      });
      expect((await a.browser.put("/api/notifications/not-a-uuid/read").expect(404)).body).toMatchObject({ message: M.notFound });
      expect((await list(b.browser))[0]!.isRead).toBe(false);
      expect((await list(a.browser)).map((n) => [n.title, n.isRead])).toEqual([
        ["Second", false],
        ["First", true],
      ]);
    });

    it("marks all read: the count of those that were unread, only the caller's", async () => {
      const a = await signInMember(t);
      const b = await signInMember(t);
      for (const title of ["1", "2", "3"]) await notifyInTx(a.id, title);
      await notifyInTx(b.id, "B's");
      expect(markAllReadResponseSchema.parse((await a.browser.put("/api/notifications/read-all").expect(200)).body)).toEqual({
        updated: 3,
      });
      expect((await list(a.browser)).every((n) => n.isRead)).toBe(true);
      expect((await a.browser.put("/api/notifications/read-all").expect(200)).body).toEqual({ updated: 0 });
      expect((await list(b.browser))[0]!.isRead).toBe(false);
    });
  });

  describe("creating one's own", () => {
    it("validates with the spec's messages and creates nothing when it refuses", async () => {
      const a = await signInMember(t);
      const cases: [unknown, string][] = [
        [{ message: "m" }, M.titleRequired],
        [{ title: "   ", message: "m" }, M.titleRequired],
        [{ title: "t" }, M.messageRequired],
        [{ title: "t", message: " \n " }, M.messageRequired],
        [{ title: "x".repeat(121), message: "m" }, M.titleTooLong],
        [{ title: "t", message: "x".repeat(1001) }, M.messageTooLong],
        [{ title: "t", message: "m", type: "urgent" }, M.invalidType],
        [{ title: "t", message: "m", actionUrl: "javascript:alert(1)" }, M.invalidActionUrl],
        [{ title: "t", message: "m", actionUrl: "/tokens" }, M.invalidActionUrl],
        [{ title: "t", message: "m", actionUrl: "example.com" }, M.invalidActionUrl],
        [{ title: "t", message: "m", actionText: "x".repeat(41) }, M.actionTextTooLong],
      ];
      for (const [body, message] of cases) {
        const response = await create(a.browser, body);
        expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status: 400, message });
      }
      expect(await list(a.browser)).toEqual([]);
    });

    it("creates it for the caller: trimmed, type info by default, blank optional fields dropped", async () => {
      const a = await signInMember(t);
      const plain = notificationSchema.parse(
        (await create(a.browser, { title: "  Hello ", message: " World  ", actionUrl: "  ", actionText: "" }).expect(201)).body,
      );
      expect(plain).toMatchObject({ title: "Hello", message: "World", type: "info", isRead: false, actionUrl: null, actionText: null });
      const linked = notificationSchema.parse(
        (
          await create(a.browser, {
            title: "Go",
            message: "There",
            type: "warning",
            actionUrl: " https://example.com/x?y=1 ",
            actionText: " Open ",
          }).expect(201)
        ).body,
      );
      expect(linked).toMatchObject({ type: "warning", actionUrl: "https://example.com/x?y=1", actionText: "Open" });
      // A userId in the body does not address anyone else.
      const b = await signInMember(t);
      await create(a.browser, { title: "Sneaky", message: "m", userId: b.id }).expect(201);
      expect(await list(b.browser)).toEqual([]);
      expect((await list(a.browser)).map((n) => n.title)).toEqual(["Sneaky", "Go", "Hello"]);
    });

    it(`is limited to ${OWN_NOTIFICATIONS_PER_HOUR} created per hour and user; refused ones do not count`, async () => {
      const a = await signInMember(t);
      await create(a.browser, { title: "" }).expect(400);
      for (let i = 0; i < OWN_NOTIFICATIONS_PER_HOUR; i++) await create(a.browser, { title: `T${i}`, message: "m" }).expect(201);
      expect((await create(a.browser, { title: "One more", message: "m" }).expect(429)).body).toMatchObject({
        message: TOO_MANY_NOTIFICATIONS,
      });
      expect(await list(a.browser)).toHaveLength(OWN_NOTIFICATIONS_PER_HOUR);
      // Another user has their own budget.
      const b = await signInMember(t);
      await create(b.browser, { title: "Mine", message: "m" }).expect(201);
    });
  });

  describe("the live stream", () => {
    it("is an uncached event stream that starts with sync", async () => {
      const a = await listening();
      expect(a.stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(a.stream.response.headers.get("cache-control")).toBe("no-store");
      expect(a.stream.response.headers.get("x-accel-buffering")).toBe("no");
      expect(a.stream.events[0]).toEqual({ event: "sync", data: "{}" });
    });

    it("delivers a notification created in another transaction to its user's streams only", async () => {
      const a = await listening();
      const a2 = await openStream(a.cookie); // a second tab
      await a2.waitForSync(1);
      const b = await listening();
      const created = await notifyInTx(a.id, `Live ${seq++}`);
      const [delivered, again] = await Promise.all([
        a.stream.waitForNotification(`Live ${seq - 1}`),
        a2.waitForNotification(`Live ${seq - 1}`),
      ]);
      expect(delivered).toMatchObject({ id: created.id, title: `Live ${seq - 1}`, isRead: false });
      expect(again.id).toBe(created.id);
      expect(a.stream.events.find((event) => event.event === "notification")!.id).toBe(created.id);
      // B's stream works, and got nothing of A's.
      await notifyInTx(b.id, "For B");
      await b.stream.waitForNotification("For B");
      expect(b.stream.notifications().map((n) => n.title)).toEqual(["For B"]);
      expect(a.stream.notifications().map((n) => n.title)).toEqual([`Live ${seq - 1}`]);
    });

    it("delivers what the API itself creates (POST /api/notifications), and nothing rolled back", async () => {
      const a = await listening();
      await expect(
        t.db.prisma.$transaction(async (tx) => {
          await createNotificationInTx(tx, { userId: a.id, type: "info", title: "Rolled back", message: "m" });
          throw new Error("undo");
        }),
      ).rejects.toThrow("undo");
      await create(a.browser, { title: "Posted", message: "m", type: "success" }).expect(201);
      await a.stream.waitForNotification("Posted");
      expect(a.stream.notifications().map((n) => n.title)).toEqual(["Posted"]);
    });

    it("delivers a multi-row INSERT for several users to each of them", async () => {
      const a = await listening();
      const b = await listening();
      const c = await signInMember(t);
      await t.db.prisma.$executeRaw`
        INSERT INTO "app"."notifications" ("user_id", "type", "title", "message")
        SELECT u."id", 'info', 'Batch ' || n, 'm' FROM "app"."users" u, generate_series(1, 2) n
        WHERE u."id" IN (${a.id}::uuid, ${b.id}::uuid, ${c.id}::uuid)`;
      await a.stream.until(() => a.stream.notifications().length === 2 || undefined, "two notifications");
      await b.stream.until(() => b.stream.notifications().length === 2 || undefined, "two notifications");
      // One statement's rows share created_at: their order among themselves is not defined.
      expect(
        a.stream
          .notifications()
          .map((n) => n.title)
          .sort(),
      ).toEqual(["Batch 1", "Batch 2"]);
      const aIds = new Set(a.stream.notifications().map((n) => n.id));
      expect(b.stream.notifications().some((n) => aIds.has(n.id))).toBe(false);
    });

    it("a statement for many users delivers to each recipient's streams only: nobody else refetches", async () => {
      const a = await listening();
      const b = await listening();
      const outsider = await listening();
      const crowd = Array.from({ length: 300 }, (_, i) => ({ username: `notif_crowd_${Date.now()}_${i}` }));
      await t.db.prisma.user.createMany({ data: crowd });
      // 302 recipients, a and b among them: more than one message's worth of entries.
      await t.db.prisma.$executeRaw`
        INSERT INTO "app"."notifications" ("user_id", "type", "title", "message")
        SELECT "id", 'info', 'Hello crowd', 'm' FROM "app"."users"
        WHERE "id" IN (${a.id}::uuid, ${b.id}::uuid) OR "username" LIKE 'notif_crowd_%'`;
      const [toA, toB] = await Promise.all([a.stream.waitForNotification("Hello crowd"), b.stream.waitForNotification("Hello crowd")]);
      expect(toA.id).not.toBe(toB.id);
      // The outsider's stream heard nothing of it: its next event is its own notification, sent after.
      await notifyInTx(outsider.id, "Only mine");
      await outsider.stream.waitForNotification("Only mine");
      expect(outsider.stream.events.map((event) => event.event)).toEqual(["sync", "notification"]);
      expect([a, b].map((user) => user.stream.syncCount())).toEqual([1, 1]);
    });

    it("a user banned meanwhile gets nothing more: the stream ends", async () => {
      const a = await listening();
      await t.db.prisma.user.update({ where: { id: a.id }, data: { isBanned: true, banReason: "spam" } });
      await notifyInTx(a.id, "After the ban");
      await a.stream.until(() => a.stream.ended || undefined, "end of stream");
      expect(a.stream.notifications()).toEqual([]);
      // And a new stream is refused.
      expect((await openStream(a.cookie)).response.status).toBe(403);
    });

    it("survives a lost LISTEN connection: streams are told to refetch, and delivery resumes", async () => {
      const a = await listening();
      const terminated = await t.db.prisma.$queryRaw<{ ok: boolean }[]>`
        SELECT pg_terminate_backend("pid") AS "ok" FROM pg_stat_activity
        WHERE "datname" = current_database() AND "query" LIKE 'LISTEN %' AND "pid" <> pg_backend_pid()`;
      expect(terminated.length).toBeGreaterThan(0);
      await a.stream.waitForSync(2);
      await notifyInTx(a.id, "After reconnect");
      await a.stream.waitForNotification("After reconnect");
    });
  });

  describe("what notifies", () => {
    it("a transfer notifies the recipient (with or without an Idempotency-Key, once)", async () => {
      const sender = await signInMember(t);
      await fundMember(t, sender.id, 500n); // bought LOOP: the welcome bonus is promotional and cannot be sent
      const recipient = await listening();
      await sender.browser
        .post("/api/tokens/transfer")
        .send({ toUserId: recipient.id, amount: "12.5", description: "For the beat" })
        .expect(201);
      const received = await recipient.stream.waitForNotification("Tokens Received");
      expect(received).toMatchObject({ type: "success", actionUrl: "/tokens" });
      expect(received.message).toContain("12.5 LOOP");
      expect(received.message).toContain("For the beat");
      for (let i = 0; i < 2; i++) {
        await sender.browser
          .post("/api/tokens/transfer")
          .set("Idempotency-Key", "notify-once")
          .send({ toUserId: recipient.id, amount: "1" })
          .expect(201);
      }
      // A refused transfer notifies nobody.
      await sender.browser.post("/api/tokens/transfer").send({ toUserId: recipient.id, amount: "100000" }).expect(400);
      const titles = (await list(recipient.browser)).map((n) => [n.title, n.message.includes("received 1 LOOP")]);
      expect(titles).toEqual([
        ["Tokens Received", true],
        ["Tokens Received", false],
      ]);
      expect(await list(sender.browser)).toEqual([]);
    });

    it("transfers committed together are all announced live (announced after the commit, in batches)", async () => {
      const senders = [await signInMember(t), await signInMember(t)];
      for (const sender of senders) await fundMember(t, sender.id, 500n);
      const recipient = await listening();
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          senders[i % 2]!.browser.post("/api/tokens/transfer").send({ toUserId: recipient.id, amount: "1", description: `batch ${i}` }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201));
      await recipient.stream.until(() => recipient.stream.notifications().length === 12 || undefined, "twelve notifications");
      expect(new Set(recipient.stream.notifications().map((n) => n.message.split('"')[1]))).toEqual(
        new Set(Array.from({ length: 12 }, (_, i) => `batch ${i}`)),
      );
    });

    it("an admin's withdrawal status change notifies the owner: processing, completed (tx id), failed (reason), cancelled", async () => {
      const owner = await signInMember(t);
      await fundMember(t, owner.id, 500n); // bought LOOP: the welcome bonus is promotional and cannot be withdrawn
      const admin = await signInAdmin(t);
      const withdraw = async () =>
        (await owner.browser.post("/api/tokens/withdraw").send({ amount: "20", method: "crypto_eth", destination: ETH }).expect(201)).body
          .id as string;
      const setStatus = (id: string, body: object) =>
        admin.browser.put(`/api/admin/tokens/withdrawals/${id}/status`).send(body).expect(200);
      const latest = async () => (await list(owner.browser))[0]!;

      const first = await withdraw();
      await setStatus(first, { status: "processing" });
      expect(await latest()).toMatchObject({ title: "Withdrawal Processing", type: "info" });
      await setStatus(first, { status: "completed", transactionId: "0xfeedbeef" });
      const completed = await latest();
      expect(completed).toMatchObject({ title: "Withdrawal Completed", type: "success" });
      expect(completed.message).toContain("0xfeedbeef");
      expect(completed.message).toContain("20 LOOP");

      const second = await withdraw();
      await setStatus(second, { status: "failed", failureReason: "Address blocked" });
      const failed = await latest();
      expect(failed).toMatchObject({ title: "Withdrawal Failed", type: "error" });
      expect(failed.message).toContain("Address blocked");

      const third = await withdraw();
      await setStatus(third, { status: "cancelled" });
      expect(await latest()).toMatchObject({ title: "Withdrawal Cancelled", type: "warning" });
      // A refused change notifies nobody.
      await admin.browser.put(`/api/admin/tokens/withdrawals/${third}/status`).send({ status: "processing" }).expect(409);
      expect(await list(owner.browser)).toHaveLength(4);
      expect(await list(admin.browser)).toEqual([]);
    });

    it("a level-up notifies once per level reached, with its reward", async () => {
      const user = await listening();
      await t.db.prisma.$transaction((tx) => awardXp(tx, { userId: user.id, event: "test_event", key: `k${seq++}`, xp: 300 }));
      const levels = await user.stream.until(() => {
        const ups = user.stream.notifications().filter((n) => n.title === "Level Up!");
        return ups.length >= 2 ? ups : undefined;
      }, "two level-ups");
      expect(levels.map((n) => n.message)).toEqual([
        "You reached level 2 (Beginner) and earned 100 LOOP.",
        "You reached level 3 (Beginner) and earned 100 LOOP.",
      ]);
      expect(levels[0]).toMatchObject({ type: "success", actionUrl: "/level" });
      // The same award again adds nothing and says nothing.
      const before = (await list(user.browser)).length;
      await t.db.prisma.$transaction((tx) => awardXp(tx, { userId: user.id, event: "test_event", key: `k${seq - 1}`, xp: 300 }));
      expect(await list(user.browser)).toHaveLength(before);
    });
  });
});
