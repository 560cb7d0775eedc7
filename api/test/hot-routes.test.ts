import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListedLoop } from "./support/listed-loop";
import { waitFor } from "./support/wait";
import { signInMember } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The signed-out GET /api/loops and GET /api/search are answered before Express (http/hot-routes.ts):
 * the same status, headers and body as the Express route gives (reached here by the path's other
 * spelling, with a trailing slash), refusals by Express as before, and measured like every route.
 */
describe("hot routes: signed-out catalog reads answered before Express", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    const creator = (await t.db.prisma.user.create({ data: { username: "velvet_maker", email: "velvet@example.com" } })).id;
    await createListedLoop(t.db.prisma, creator, "Velvet Groove");
    await createListedLoop(t.db.prisma, creator, "Dusty Velvet Keys", 199);
  });
  afterAll(() => t.close());

  /** Headers that differ per response by nature. */
  const comparable = (headers: Record<string, string>) => {
    const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
    return rest;
  };

  it.each(["/api/loops?sortBy=recent&limit=5", "/api/search?q=velvet"])(
    "%s: same status, headers and body as the Express route",
    async (url) => {
      const hot = await request(t.app).get(url).expect(200);
      const [path, query] = url.split("?");
      const viaExpress = await request(t.app).get(`${path}/?${query}`).expect(200);
      expect(hot.text).toBe(viaExpress.text);
      expect(comparable(hot.headers)).toEqual(comparable(viaExpress.headers));
      expect(hot.headers).toMatchObject({
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "cross-origin-opener-policy": "same-origin-allow-popups",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
      // supertest asks for gzip (compressed above 1 kB: http/compression.ts); as it is, the body's own length.
      const identity = await request(t.app).get(url).set("Accept-Encoding", "identity").expect(200);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.text).toBe(hot.text);
      expect(Number(identity.headers["content-length"])).toBe(Buffer.byteLength(identity.text));
    },
  );

  it("a bad query is refused by the route as before: 400 with the schema's message", async () => {
    const loops = await request(t.app).get("/api/loops?sortBy=nonsense").expect(400);
    expect(loops.body.message).toMatch(/sortBy/);
    expect(loops.headers["x-content-type-options"]).toBe("nosniff");
    const search = await request(t.app).get("/api/search?q=").expect(400);
    expect(search.body).toMatchObject({ message: expect.any(String) });
  });

  it("a signed-in viewer still gets the viewer's fields (Express's route)", async () => {
    const { browser } = await signInMember(t);
    const page = await browser.get("/api/loops?sortBy=recent").expect(200);
    expect(page.body.loops[0]).toHaveProperty("canRate");
    expect(page.body.loops.every((loop: { isPurchased: boolean }) => loop.isPurchased === false)).toBe(true);
  });

  it("a creator's analytics: a member's answer is the Express route's; a visitor is refused 401 and a banned member 403, by Express", async () => {
    const member = await signInMember(t);
    const hot = await member.browser.get("/api/analytics/creator?range=all").expect(200);
    const viaExpress = await member.browser.get("/api/analytics/creator/?range=all").expect(200);
    expect(hot.text).toBe(viaExpress.text);
    expect(comparable(hot.headers)).toEqual(comparable(viaExpress.headers));
    expect(hot.body.days).toHaveLength(1);
    expect((await member.browser.get("/api/analytics/creator?range=1y").expect(400)).body).toMatchObject({ message: expect.any(String) });
    expect((await request(t.app).get("/api/analytics/creator").expect(401)).body).toMatchObject({ message: "Unauthorized" });
    await t.db.prisma.user.update({ where: { id: member.id }, data: { isBanned: true, banReason: "Spam" } });
    await waitFor("the ban to be heard", async () => (await member.browser.get("/api/analytics/creator")).status === 403);
  });

  it("HEAD and other methods go to Express", async () => {
    const head = await request(t.app).head("/api/loops?sortBy=recent").expect(200);
    expect(head.headers["content-type"]).toBe("application/json; charset=utf-8");
    await request(t.app).post("/api/search").set("Origin", t.config.appUrl.origin).send({}).expect(404);
  });

  it("the answers are measured under their route", async () => {
    for (let i = 0; i < 3; i++)
      await request(t.app)
        .get(`/api/loops?sortBy=recent&limit=${i + 1}`)
        .expect(200);
    const metrics = await request(t.app).get("/metrics").expect(200);
    const line = metrics.text
      .split("\n")
      .find((l) => l.startsWith('loop_http_request_duration_seconds_count{method="GET",route="/api/loops",status="200"}'));
    expect(Number(line?.split(" ")[1])).toBeGreaterThanOrEqual(3);
  });
});
