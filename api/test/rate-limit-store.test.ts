// Shared rate limits (issue 21): every API process counts a limit's hits in app.rate_limit_hits, so
// two replicas on one database keep one budget, and concurrent hits are counted exactly.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma, type PrismaClient } from "../src/db/prisma";
import { OWN_NOTIFICATIONS_PER_HOUR, TOO_MANY_NOTIFICATIONS } from "@loop/rules/schemas/notifications";
import { ORDERS_PER_HOUR, TOO_MANY_ORDERS } from "@loop/rules/schemas/token-orders";
import { PostgresRateLimitStore, deleteExpiredRateLimitHits } from "../src/http/postgres-rate-limit-store";
import { signInMember } from "./support/members";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

const WINDOW_MS = 15 * 60 * 1000;

describe("the Postgres rate limit store", () => {
  let a: TestApp;
  let b: TestApp;
  /** Replica B's own database client (its own pool), as another process would have. */
  let prismaB: PrismaClient;

  beforeAll(async () => {
    const env = { RATE_LIMIT_WALLET_SIGNIN_PER_IP: "4", RATE_LIMIT_EMAIL_VERIFY_PER_IP: "3" };
    a = await createTestApp({ env });
    prismaB = createPrisma(a.db.url);
    b = await createTestApp({ db: { ...a.db, prisma: prismaB }, env });
  });
  afterAll(async () => {
    await b?.close();
    await prismaB?.$disconnect();
    await a?.close();
  });

  const nonce = (t: TestApp) => request(t.app).get("/api/auth/nonce");
  const rows = (prefix: string) =>
    a.db.prisma.$queryRaw<{ key: string; hits: number }[]>`
      SELECT "key", "hits" FROM "app"."rate_limit_hits" WHERE starts_with("key", ${prefix}) ORDER BY "key"`;

  it("two app instances share one budget: the sign-in limit trips at the configured count across both", async () => {
    await nonce(a).expect(200);
    await nonce(b).expect(200);
    await nonce(a).expect(200);
    const last = await nonce(b).expect(200);
    expect(last.headers["ratelimit"]).toMatch(/remaining=0/);
    // Each replica alone has seen 2 of the 4: the shared count says the budget is spent.
    expect((await nonce(a).expect(429)).body).toMatchObject({ message: "Too many requests, please try again later." });
    expect((await nonce(b).expect(429)).body).toMatchObject({ message: "Too many requests, please try again later." });
    // One row for the limit and the client, named by the limit and its settings.
    const counted = await rows(`wallet-sign-in:${WINDOW_MS}:4:`);
    expect(counted).toHaveLength(1);
    expect(counted[0]!.hits).toBe(6);
  });

  it("another limit keeps its own count for the same client", async () => {
    // The wallet sign-in budget of this IP is spent; its e-mail verification budget is not.
    await request(b.app).post("/api/auth/email/verify").set("Origin", "http://localhost:5173").send({ token: "guess" }).expect(401);
    expect(await rows(`email-verify-ip:${WINDOW_MS}:3:`)).toEqual([expect.objectContaining({ hits: 1 })]);
  });

  it("once the window has passed, the client is allowed again (the count starts over)", async () => {
    await nonce(b).expect(429);
    // The window ends (as 15 minutes would end it).
    await a.db.prisma.$executeRaw`
      UPDATE "app"."rate_limit_hits" SET "reset_at" = now() - interval '1 second' WHERE starts_with("key", 'wallet-sign-in:')`;
    await nonce(a).expect(200);
    const [row] = await rows(`wallet-sign-in:${WINDOW_MS}:4:`);
    expect(row!.hits).toBe(1);
    await nonce(b).expect(200);
  });

  it("counts concurrent hits from two processes exactly", async () => {
    const storeA = new PostgresRateLimitStore(a.db.prisma, "race:", 60_000);
    const storeB = new PostgresRateLimitStore(prismaB, "race:", 60_000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? storeA : storeB).increment("client")));
    // Every hit got its own number: none lost, none counted twice.
    expect(answers.map((answer) => answer.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // One window for all of them.
    expect(new Set(answers.map((answer) => answer.resetTime!.getTime())).size).toBe(1);
    expect(await storeB.get("client")).toMatchObject({ totalHits: 20 });
  });

  it("decrement, get, resetKey and resetAll act on the shared row", async () => {
    const store = new PostgresRateLimitStore(a.db.prisma, "ops:", 60_000);
    const other = new PostgresRateLimitStore(prismaB, "ops:", 60_000);
    const unrelated = new PostgresRateLimitStore(prismaB, "kept:", 60_000);
    expect(await store.get("x")).toBeUndefined();
    const first = await store.increment("x");
    expect(first.totalHits).toBe(1);
    expect(first.resetTime!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await other.increment("x");
    await other.decrement("x");
    expect(await store.get("x")).toMatchObject({ totalHits: 1 });
    await store.resetKey("x");
    expect(await other.get("x")).toBeUndefined();

    await store.increment("y");
    await unrelated.increment("y");
    await other.resetAll();
    expect(await store.get("y")).toBeUndefined();
    expect(await unrelated.get("y")).toMatchObject({ totalHits: 1 });
  });

  it("the sweep deletes only the rows whose window has ended", async () => {
    const store = new PostgresRateLimitStore(a.db.prisma, "sweep:", 60_000);
    await store.increment("old");
    await store.increment("current");
    await a.db.prisma.$executeRaw`UPDATE "app"."rate_limit_hits" SET "reset_at" = now() - interval '1 second' WHERE "key" = 'sweep:old'`;
    // An ended window counts for nothing even before the sweep.
    expect(await store.get("old")).toBeUndefined();
    expect(await deleteExpiredRateLimitHits(prismaB)).toBeGreaterThanOrEqual(1);
    expect(await rows("sweep:")).toEqual([{ key: "sweep:current", hits: 1 }]);
  });
});

describe("the per-member hourly limits (own notifications, token orders) are shared by every process", () => {
  let a: TestApp;
  let b: TestApp;
  let prismaB: PrismaClient;

  beforeAll(async () => {
    a = await createTestApp();
    prismaB = createPrisma(a.db.url);
    b = await createTestApp({ db: { ...a.db, prisma: prismaB } });
  });
  afterAll(async () => {
    await b?.close();
    await prismaB?.$disconnect();
    await a?.close();
  });

  /** The member's call through app `t` (the session is in the shared database). */
  const post = (t: TestApp, cookie: string, path: string, body: object) =>
    request(t.app).post(path).set("Origin", APP_ORIGIN).set("Cookie", cookie).send(body);

  it(`${OWN_NOTIFICATIONS_PER_HOUR} own notifications an hour across both instances, then 429 on each`, async () => {
    const member = await signInMember(a);
    for (let i = 0; i < OWN_NOTIFICATIONS_PER_HOUR; i++)
      await post(i % 2 ? b : a, member.cookie, "/api/notifications", { title: `Note ${i}`, message: "m" }).expect(201);
    // Each instance alone has seen half of the budget: the shared count says it is spent.
    for (const t of [a, b])
      expect((await post(t, member.cookie, "/api/notifications", { title: "One more", message: "m" }).expect(429)).body).toMatchObject({
        message: TOO_MANY_NOTIFICATIONS,
      });
    expect(await a.db.prisma.notification.count({ where: { userId: member.id, title: { startsWith: "Note " } } })).toBe(
      OWN_NOTIFICATIONS_PER_HOUR,
    );
    // Another member has a budget of their own.
    const other = await signInMember(b);
    await post(b, other.cookie, "/api/notifications", { title: "Mine", message: "m" }).expect(201);
  });

  it(`${ORDERS_PER_HOUR} token orders an hour across both instances, then 429 on each`, async () => {
    const member = await signInMember(a);
    const order = { requestedAmount: "1250", paymentMethod: "paypal", paymentDetails: "buyer@example.com", usdAmount: "2.50" };
    for (let i = 0; i < ORDERS_PER_HOUR; i++) await post(i % 2 ? a : b, member.cookie, "/api/admin-orders", order).expect(201);
    for (const t of [a, b])
      expect((await post(t, member.cookie, "/api/admin-orders", order).expect(429)).body).toMatchObject({ message: TOO_MANY_ORDERS });
    expect(await a.db.prisma.tokenOrder.count({ where: { userId: member.id } })).toBe(ORDERS_PER_HOUR);
  });
});
