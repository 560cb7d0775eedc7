// Likes (issue 24): POST/DELETE /api/loops/:id/like, the viewer's likedByMe and the loop's
// likeCount on every view of a loop, GET /api/likes (the own "Liked" list) and sortBy=likes.
import { likedLoopsResponseSchema, likeResultSchema } from "@loop/rules/schemas/likes";
import { loopListResponseSchema, publicLoopSchema, type PublicLoop } from "@loop/rules/schemas/loops";
import { publicProfileSchema } from "@loop/rules/schemas/profile";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

describe("likes", () => {
  let t: TestApp;
  let genre: number;
  let otherGenre: number;
  let creator: Member;
  let fan: Member;
  let stranger: Member;

  const like = (as: Browser, loopId: string) => as.post(`/api/loops/${loopId}/like`);
  const unlike = (as: Browser, loopId: string) => as.delete(`/api/loops/${loopId}/like`);
  const single = async (as: Browser | null, loopId: string) =>
    publicLoopSchema.parse((await (as ?? request(t.app)).get(`/api/loops/${loopId}`).expect(200)).body);
  const listed = async (as: Browser | null, loopId: string, query = `userId=${creator.id}&limit=100`) => {
    const body = loopListResponseSchema.parse((await (as ?? request(t.app)).get(`/api/loops?${query}`).expect(200)).body);
    return body.loops.find((loop) => loop.id === loopId);
  };
  const stored = async (loopId: string) =>
    (await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId }, select: { likeCount: true } })).likeCount;
  let seq = 0;
  const insertLoop = (extra: Partial<LoopRow> = {}) =>
    insertLoopRow(t.db.prisma, { userId: creator.id, genreId: genre, title: `Likeable ${++seq}`, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genre = await createGenre(t.db.prisma, "House");
    otherGenre = await createGenre(t.db.prisma, "Techno");
    [creator, fan, stranger] = [await signInMember(t), await signInMember(t), await signInMember(t)];
  });
  afterAll(() => t.close());

  it("needs a signed-in member: 401 signed out", async () => {
    const loop = await insertLoop();
    expect((await browser(t.app).post(`/api/loops/${loop}/like`).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    expect((await browser(t.app).delete(`/api/loops/${loop}/like`).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    await request(t.app).get("/api/likes").expect(401);
    expect(await stored(loop)).toBe(0);
  });

  it("liking twice keeps one like; unliking takes it back; unliking again answers the count", async () => {
    const loop = await insertLoop();
    expect(likeResultSchema.parse((await like(fan.browser, loop).expect(200)).body)).toEqual({ likeCount: 1, likedByMe: true });
    expect((await like(fan.browser, loop).expect(200)).body).toEqual({ likeCount: 1, likedByMe: true });
    expect((await like(stranger.browser, loop).expect(200)).body).toEqual({ likeCount: 2, likedByMe: true });
    expect(await stored(loop)).toBe(2);
    expect((await unlike(fan.browser, loop).expect(200)).body).toEqual({ likeCount: 1, likedByMe: false });
    expect((await unlike(fan.browser, loop).expect(200)).body).toEqual({ likeCount: 1, likedByMe: false });
    expect(await t.db.prisma.loopLike.count({ where: { loopId: loop } })).toBe(1);
  });

  it("every view of the loop carries likeCount and the viewer's own likedByMe", async () => {
    const loop = await insertLoop();
    await like(fan.browser, loop).expect(200);
    const views = async (as: Browser | null) => {
      const detail = await single(as, loop);
      const inList = (await listed(as, loop))!;
      const profile = publicProfileSchema.parse((await (as ?? request(t.app)).get(`/api/users/${creator.id}/profile`).expect(200)).body);
      const onProfile = profile.loops.find((item) => item.id === loop)!;
      return [detail, inList, onProfile].map((view: PublicLoop) => ({ likeCount: view.likeCount, likedByMe: view.likedByMe }));
    };
    expect(await views(fan.browser)).toEqual(Array(3).fill({ likeCount: 1, likedByMe: true }));
    expect(await views(stranger.browser)).toEqual(Array(3).fill({ likeCount: 1, likedByMe: false }));
    expect(await views(creator.browser)).toEqual(Array(3).fill({ likeCount: 1, likedByMe: false }));
    expect(await views(null)).toEqual(Array(3).fill({ likeCount: 1, likedByMe: false }));
    // The list's object is the single loop's, field for field, for a signed-in viewer too.
    expect(await listed(fan.browser, loop)).toEqual(await single(fan.browser, loop));
    expect(await listed(null, loop)).toEqual(await single(null, loop));
    await unlike(fan.browser, loop).expect(200);
    expect(await views(fan.browser)).toEqual(Array(3).fill({ likeCount: 0, likedByMe: false }));
  });

  it("a loop the member cannot see is 404 Loop Not Found; the creator may like their own private loop", async () => {
    const privateLoop = await insertLoop({ isPublic: false });
    const processing = await insertLoop({ status: "processing" });
    const hidden = await insertLoop({ status: "hidden" });
    for (const loop of [privateLoop, processing, hidden, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await like(fan.browser, loop).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
      expect((await unlike(fan.browser, loop).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
    }
    expect(await t.db.prisma.loopLike.count({ where: { userId: fan.id } })).toBe(0);
    expect((await like(creator.browser, privateLoop).expect(200)).body).toEqual({ likeCount: 1, likedByMe: true });
  });

  it("20 members liking at once are counted exactly, and so are 20 taking it back", async () => {
    const loop = await insertLoop();
    const members = await Promise.all(Array.from({ length: 20 }, () => signInMember(t)));
    const liked = await Promise.all(members.map((member) => like(member.browser, loop)));
    expect(liked.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(liked.map((response) => (response.body as { likeCount: number }).likeCount)).size).toBe(20);
    expect(await stored(loop)).toBe(20);
    expect((await single(null, loop)).likeCount).toBe(20);
    const unliked = await Promise.all(members.map((member) => unlike(member.browser, loop)));
    expect(unliked.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await stored(loop)).toBe(0);
    expect(await t.db.prisma.loopLike.count({ where: { loopId: loop } })).toBe(0);
  });

  it("sortBy=likes lists the most liked first (then newest), and pages by cursor and offset", async () => {
    const own = await signInMember(t);
    const base = Date.UTC(2026, 5, 1);
    const loops: Record<string, string> = {};
    // likes: A 3, B 1, C 3 (older than A), D 0, E 2 (another genre)
    for (const [title, minutes, genreId] of [
      ["A", 5, genre],
      ["B", 4, genre],
      ["C", 1, genre],
      ["D", 3, genre],
      ["E", 2, otherGenre],
    ] as const) {
      loops[title] = await insertLoopRow(t.db.prisma, { userId: own.id, genreId, title, createdAt: new Date(base + minutes * 60_000) });
    }
    const likers = await Promise.all(Array.from({ length: 3 }, () => signInMember(t)));
    const likes: Record<string, number> = { A: 3, B: 1, C: 3, D: 0, E: 2 };
    for (const [title, count] of Object.entries(likes))
      for (const liker of likers.slice(0, count)) await like(liker.browser, loops[title]!).expect(200);

    const page = async (query: string) =>
      loopListResponseSchema.parse((await request(t.app).get(`/api/loops?userId=${own.id}&sortBy=likes&${query}`).expect(200)).body);
    const titles = (body: { loops: { title: string }[] }) => body.loops.map((loop) => loop.title);
    const all = await page("limit=10");
    expect(titles(all)).toEqual(["A", "C", "E", "B", "D"]);
    expect(all.loops.map((loop) => loop.likeCount)).toEqual([3, 3, 2, 1, 0]);
    expect(all.total).toBe(5);

    // Cursor paging: two at a time, no loop twice or missed.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body = await page(`limit=2${after ? `&after=${after}` : ""}`);
      seen.push(...titles(body));
      after = body.nextCursor;
    } while (after);
    expect(seen).toEqual(["A", "C", "E", "B", "D"]);
    expect(titles(await page("limit=2&offset=2"))).toEqual(["E", "B"]);
    // A cursor of another sort is refused.
    const recent = loopListResponseSchema.parse(
      (await request(t.app).get(`/api/loops?userId=${own.id}&sortBy=recent&limit=2`).expect(200)).body,
    );
    expect((await request(t.app).get(`/api/loops?sortBy=likes&after=${recent.nextCursor}`).expect(400)).body).toMatchObject({
      message: "Invalid after: use the nextCursor of a page of the same sort.",
    });

    // With genres (one branch per genre, merged) and without the creator filter (the catalog's own index).
    const genres = loopListResponseSchema.parse(
      (await request(t.app).get(`/api/loops?genreId=${genre},${otherGenre}&sortBy=likes&limit=100`).expect(200)).body,
    );
    const mine = genres.loops.filter((loop) => loop.user.id === own.id);
    expect(mine.map((loop) => loop.title)).toEqual(["A", "C", "E", "B", "D"]);
    const counts = genres.loops.map((loop) => loop.likeCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const onlyHouse = loopListResponseSchema.parse(
      (await request(t.app).get(`/api/loops?genreId=${genre}&userId=${own.id}&sortBy=likes`).expect(200)).body,
    );
    expect(titles(onlyHouse)).toEqual(["A", "C", "B", "D"]);
  });

  it("GET /api/likes: the member's liked loops, the latest liked first; loops they can no longer see are left out", async () => {
    const liker = await signInMember(t);
    const [first, second, third] = [
      await insertLoop({ title: "First Liked" }),
      await insertLoop({ title: "Second Liked" }),
      await insertLoop(),
    ];
    await like(liker.browser, first).expect(200);
    await like(liker.browser, second).expect(200);
    await like(liker.browser, third).expect(200);
    // Liked later in time than the others: the liked order, not the loops' own.
    await t.db.prisma.loopLike.update({
      where: { userId_loopId: { userId: liker.id, loopId: first } },
      data: { createdAt: new Date(Date.now() + 60_000) },
    });
    await t.db.prisma.loop.update({ where: { id: third }, data: { isPublic: false } });
    const body = likedLoopsResponseSchema.parse((await liker.browser.get("/api/likes").expect(200)).body);
    expect(body.loops.map((loop) => loop.id)).toEqual([first, second]);
    expect(body.total).toBe(2);
    expect(body.loops.every((loop) => loop.likedByMe)).toBe(true);
    const paged = likedLoopsResponseSchema.parse((await liker.browser.get("/api/likes?limit=1&offset=1").expect(200)).body);
    expect(paged).toMatchObject({ total: 2, loops: [{ id: second }] });
    expect((await liker.browser.get("/api/likes?limit=0").expect(400)).body).toMatchObject({
      message: "Invalid limit: use a whole number from 1 to 100.",
    });
    // Nobody else's list shows them.
    expect(
      likedLoopsResponseSchema.parse((await stranger.browser.get("/api/likes").expect(200)).body).loops.map((l) => l.id),
    ).not.toContain(first);
  });

  it("a deleted loop takes its likes with it", async () => {
    const loop = await insertLoop();
    await like(fan.browser, loop).expect(200);
    expect(await stored(loop)).toBe(1);
    await t.db.prisma.loop.delete({ where: { id: loop } });
    expect(await t.db.prisma.loopLike.count({ where: { loopId: loop } })).toBe(0);
  });
});
