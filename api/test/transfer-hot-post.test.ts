// POST /api/tokens/transfer is answered before Express (http/hot-routes.ts, issue 39 §1): its one
// statement reads the session (app.token_transfer_by_session). These check that it answers what the
// Express route answers (reached by the path's other spelling, with a trailing slash), that every
// request it leaves is answered by Express as before (signed out, banned, suspended, to oneself, a
// session to refresh or expired), and the hot POST's own mechanics on a bare Express app.
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { transferSchema } from "@loop/rules/schemas/tokens";
import { jsonBodyAfterHotPosts, withHotRoutes, type HotPost } from "../src/http/hot-routes";
import { errorHandler } from "../src/http/errors";
import { postWithKey, tokenBalance } from "./support/api-calls";
import { signInMember } from "./support/members";
import type { Browser } from "./support/siwe";
import { ledgerCheckedApp } from "./support/suite-app";
import { APP_ORIGIN, type TestApp } from "./support/test-app";

const HOT = "/api/tokens/transfer";
const VIA_EXPRESS = "/api/tokens/transfer/";

/** Headers that differ per response by nature. */
const comparable = (headers: Record<string, string>) => {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "content-length": _length, ...rest } = headers;
  return rest;
};

describe("POST /api/tokens/transfer answered before Express", () => {
  let t: TestApp;
  ledgerCheckedApp((app) => (t = app));

  const send = (as: Browser, path: string, body: unknown, key?: string) => postWithKey(as, path, body, key);

  it("a transfer: the Express route's status, headers and answer; the money moved once per key", async () => {
    const [a, b] = [await signInMember(t, { funds: 100n }), await signInMember(t)];
    const hot = await send(a.browser, HOT, { toUserId: b.id, amount: "1.5", description: "hot" }, "hot-1").expect(201);
    const viaExpress = await send(a.browser, VIA_EXPRESS, { toUserId: b.id, amount: "1.5", description: "hot" }, "express-1").expect(201);
    expect(comparable(hot.headers)).toEqual(comparable(viaExpress.headers));
    const [hotTransfer, expressTransfer] = [transferSchema.parse(hot.body), transferSchema.parse(viaExpress.body)];
    expect({ ...hotTransfer, id: "", createdAt: "" }).toEqual({ ...expressTransfer, id: "", createdAt: "" });
    expect(hotTransfer).toMatchObject({ fromUserId: a.id, toUserId: b.id, amount: "1.50000000", description: "hot", direction: "out" });
    // The same key again: the same answer, nothing moved.
    const replay = await send(a.browser, HOT, { toUserId: b.id, amount: "1.5", description: "hot" }, "hot-1").expect(201);
    expect(replay.text).toBe(hot.text);
    expect(await tokenBalance(b.browser)).toMatchObject({ withdrawable: "3.00000000" });
    // The recipient's notification names the sender.
    const [sender, notification] = await Promise.all([
      t.db.prisma.user.findUniqueOrThrow({ where: { id: a.id } }),
      t.db.prisma.notification.findFirstOrThrow({ where: { userId: b.id, title: "Tokens Received" } }),
    ]);
    expect(notification.message).toBe(`You received 1.5 LOOP from ${sender.username}: "hot"`);
    const entry = await t.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: hotTransfer.id } });
    expect(entry.idempotencyKey).toBe(`transfer:${a.id}:hot-1`);
  });

  it("a refusal after the session is read is kept under its key, as the Express route keeps it", async () => {
    const [a, b] = [await signInMember(t, { funds: 1n }), await signInMember(t)];
    const hot = await send(a.browser, HOT, { toUserId: b.id, amount: "2" }, "too-much").expect(400);
    const viaExpress = await send(a.browser, VIA_EXPRESS, { toUserId: b.id, amount: "2" }, "too-much-2").expect(400);
    expect(hot.body).toEqual(viaExpress.body);
    expect(comparable(hot.headers)).toEqual(comparable(viaExpress.headers));
    await send(b.browser, HOT, { toUserId: a.id, amount: "0" }).expect(400);
    expect((await send(a.browser, HOT, { toUserId: b.id, amount: "2" }, "too-much").expect(400)).body).toEqual(hot.body);
    const unknown = await send(a.browser, HOT, { toUserId: "00000000-0000-4000-8000-000000000000", amount: "1" }).expect(404);
    expect(unknown.body).toEqual(
      (await send(a.browser, VIA_EXPRESS, { toUserId: "00000000-0000-4000-8000-000000000000", amount: "1" })).body,
    );
  });

  it("malformed JSON, a bare value and an array: the Express parser's and route's answers", async () => {
    const a = await signInMember(t, { funds: 1n });
    for (const raw of ['{"toUserId": ', "42", "[]"]) {
      const post = (path: string) => a.browser.post(path).set("Content-Type", "application/json").send(raw);
      const [hot, viaExpress] = [await post(HOT), await post(VIA_EXPRESS)];
      expect(hot.status, raw).toBe(400);
      expect([hot.status, hot.body]).toEqual([viaExpress.status, viaExpress.body]);
      expect(comparable(hot.headers)).toEqual(comparable(viaExpress.headers));
    }
  });

  it("what it leaves, Express answers as before: signed out, another origin, to oneself, banned, suspended", async () => {
    const [a, b] = [await signInMember(t, { funds: 10n }), await signInMember(t)];
    const body = { toUserId: b.id, amount: "1" };
    expect((await request(t.app).post(HOT).set("Origin", APP_ORIGIN).send(body).expect(401)).body).toMatchObject({ code: "UNAUTHORIZED" });
    const crossSite = await request(t.app).post(HOT).set("Origin", "https://evil.example").set("Cookie", a.cookie).send(body).expect(403);
    expect(crossSite.body).toMatchObject({ code: "CROSS_SITE_REFUSED" });
    expect((await send(a.browser, HOT, { toUserId: a.id, amount: "1" }).expect(400)).body).toMatchObject({ code: "TRANSFER_TO_SELF" });

    await t.db.prisma.user.update({ where: { id: a.id }, data: { withdrawalsSuspendedAt: new Date() } });
    const suspended = await send(a.browser, HOT, body, "while-suspended");
    expect(suspended.body).toMatchObject({ code: "TRANSFERS_SUSPENDED" });
    await t.db.prisma.user.update({ where: { id: a.id }, data: { withdrawalsSuspendedAt: null } });
    // Kept under its key by the Express route, so the hot path replays it.
    expect((await send(a.browser, HOT, body, "while-suspended")).body).toEqual(suspended.body);

    await t.db.prisma.user.update({ where: { id: a.id }, data: { isBanned: true, banReason: "Spam" } });
    const banned = await send(a.browser, HOT, body).expect(403);
    expect(banned.body).toMatchObject({ code: "ACCOUNT_BANNED" });
    expect(banned.body).toEqual((await send(a.browser, VIA_EXPRESS, body)).body);
    expect(await tokenBalance(b.browser)).toMatchObject({ withdrawable: "0.00000000" });
  });

  it("a key used on one path is the same key on the other: a retry that goes through Express replays the hot path's answer", async () => {
    const [a, b] = [await signInMember(t, { funds: 10n }), await signInMember(t)];
    const body = { toUserId: b.id, amount: "2", description: "retried" };
    const first = await send(a.browser, HOT, body, "retry-across").expect(201);
    // The retry's session needs its last_seen_at written: the signed-in path (Express) answers it.
    await t.db.prisma.session.updateMany({ where: { userId: a.id }, data: { lastSeenAt: new Date(Date.now() - 6 * 60_000) } });
    const retry = await send(a.browser, HOT, body, "retry-across").expect(201);
    expect(retry.text).toBe(first.text);
    expect((await send(a.browser, HOT, { ...body, amount: "3" }, "retry-across").expect(409)).body).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect(await tokenBalance(b.browser)).toMatchObject({ withdrawable: "2.00000000" });
  });

  it("a session last seen over five minutes ago is refreshed by Express, and an expired one refused and deleted", async () => {
    const [a, b] = [await signInMember(t, { funds: 10n }), await signInMember(t)];
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await t.db.prisma.session.updateMany({ where: { userId: a.id }, data: { lastSeenAt: sixMinutesAgo } });
    await send(a.browser, HOT, { toUserId: b.id, amount: "1" }).expect(201);
    const [session] = await t.db.prisma.session.findMany({ where: { userId: a.id } });
    expect(session!.lastSeenAt.getTime()).toBeGreaterThan(sixMinutesAgo.getTime());

    await t.db.prisma.session.updateMany({ where: { userId: a.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await send(a.browser, HOT, { toUserId: b.id, amount: "1" }).expect(401);
    expect(await t.db.prisma.session.count({ where: { userId: a.id } })).toBe(0);
    expect(await tokenBalance(b.browser)).toMatchObject({ withdrawable: "1.00000000" });
  });
});

describe("a hot POST's mechanics (withHotRoutes)", () => {
  const ORIGIN = "http://app.example";

  /** A bare app: Express answers "express" with the body it got; the hot route answers bodies that ask for it. */
  function app() {
    const seen: unknown[] = [];
    const logged: unknown[] = [];
    const inner = express();
    inner.use(jsonBodyAfterHotPosts(express.json({ limit: 100 })));
    inner.post(["/x", "/x/"], (req, res) => {
      seen.push(req.body);
      res.status(200).json({ by: "express" });
    });
    inner.use(errorHandler(() => undefined));
    const post: HotPost = {
      path: "/x",
      answer: async (headers, body) => {
        if ((body as { fail?: boolean }).fail) throw new Error("the route failed");
        return (body as { hot?: boolean }).hot
          ? { status: 201, text: JSON.stringify({ by: "hot", key: headers["idempotency-key"] }) }
          : null;
      },
    };
    const wrapped = withHotRoutes(inner, [], {
      steps: [],
      sessionCookie: "s",
      posts: { routes: [post], appOrigin: ORIGIN, bodyLimitBytes: 100, logError: (error) => logged.push(error) },
    });
    return { app: wrapped, seen, logged };
  }

  it("answers what its route answers, without Express", async () => {
    const { app: hot, seen } = app();
    const answer = await request(hot).post("/x").set("Origin", ORIGIN).set("Idempotency-Key", "k").send({ hot: true }).expect(201);
    expect(answer.body).toEqual({ by: "hot", key: "k" });
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(seen).toEqual([]);
  });

  it("hands Express what it leaves, with the body it read", async () => {
    const { app: hot, seen } = app();
    await request(hot).post("/x").set("Origin", ORIGIN).send({ hot: false }).expect(200, { by: "express" });
    await request(hot).post("/x").set("Origin", ORIGIN).send([1, 2]).expect(200, { by: "express" });
    // A byte order mark is dropped, as the parser's decoder drops it.
    await request(hot).post("/x").set("Origin", ORIGIN).set("Content-Type", "application/json").send('\ufeff{"hot":false}').expect(200);
    expect(seen).toEqual([{ hot: false }, [1, 2], { hot: false }]);
  });

  it("a failure of its route is answered 500 and logged, never run again through Express (it may have written)", async () => {
    const { app: hot, seen, logged } = app();
    const failed = await request(hot).post("/x").set("Origin", ORIGIN).send({ fail: true }).expect(500);
    expect(failed.body).toMatchObject({ code: "INTERNAL" });
    expect(seen).toEqual([]);
    expect(logged).toEqual([new Error("the route failed")]);
  });

  it("reads only what Express's parser would take as it is: another origin, type, encoding or an oversized body goes to Express unread", async () => {
    const { app: hot, seen } = app();
    await request(hot).post("/x").send({ hot: true }).expect(200);
    await request(hot).post("/x").set("Origin", "http://other.example").send({ hot: true }).expect(200);
    await request(hot)
      .post("/x")
      .set("Origin", ORIGIN)
      .set("Content-Type", "application/json; charset=latin1")
      .send('{"hot":true}')
      .expect(415);
    await request(hot)
      .post("/x")
      .set("Origin", ORIGIN)
      .send({ hot: true, padding: "x".repeat(200) })
      .expect(413);
    await request(hot).post("/x/").set("Origin", ORIGIN).send({ hot: true }).expect(200);
    expect(seen).toEqual([{ hot: true }, { hot: true }, { hot: true }]);
  });

  it("malformed JSON and a bare value are refused as the parser refuses them", async () => {
    const { app: hot } = app();
    for (const raw of ["{", "42", '"text"']) {
      const viaHot = await request(hot).post("/x").set("Origin", ORIGIN).set("Content-Type", "application/json").send(raw);
      const viaExpress = await request(hot).post("/x/").set("Origin", ORIGIN).set("Content-Type", "application/json").send(raw);
      expect([viaHot.status, viaHot.body], raw).toEqual([viaExpress.status, viaExpress.body]);
      expect(viaHot.body).toMatchObject({ code: "MALFORMED_JSON" });
    }
  });
});
