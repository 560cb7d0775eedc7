// Follows (issue 24): POST/DELETE /api/users/:id/follow, the profile's counts, the Following tab
// (GET /api/loops?following=true) and the bell's notification when a followed creator's upload is ready.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { FOLLOW_MESSAGES, followResultSchema, newUploadNotification } from "@loop/rules/schemas/follows";
import { loopListResponseSchema } from "@loop/rules/schemas/loops";
import { notificationListSchema } from "@loop/rules/schemas/notifications";
import { paths } from "@loop/rules/paths";
import { publicProfileSchema } from "@loop/rules/schemas/profile";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickTrack, wavFile } from "./support/audio";
import { truncateAll } from "./support/database";
import { EventStreamClient } from "./support/event-stream";
import { createGenre, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

describe("follows", () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  let genre: number;
  let creator: Member;
  let fan: Member;

  const follow = (as: Browser, userId: string) => as.post(`/api/users/${userId}/follow`);
  const unfollow = (as: Browser, userId: string) => as.delete(`/api/users/${userId}/follow`);
  const profile = async (as: Browser | null, userId: string) =>
    publicProfileSchema.parse((await (as ?? request(t.app)).get(`/api/users/${userId}/profile`).expect(200)).body);
  const counts = async (userId: string) =>
    t.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { followerCount: true, followingCount: true } });
  const following = (as: Browser, query = "") => as.get(`/api/loops?following=true${query}`);
  let seq = 0;
  const insertLoop = (userId: string, extra: Partial<LoopRow> = {}) =>
    insertLoopRow(t.db.prisma, { userId, genreId: genre, title: `Followed ${++seq}`, ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await truncateAll(t.db.prisma);
    genre = await createGenre(t.db.prisma, "House");
    [creator, fan] = [await signInMember(t), await signInMember(t)];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it("refuses: 401 signed out, 404 User Not Found for an unknown or banned member, 400 for oneself; nothing changes", async () => {
    expect((await follow(browser(t.app), creator.id).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    expect((await unfollow(browser(t.app), creator.id).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await follow(fan.browser, id).expect(404)).body).toMatchObject({ message: "User Not Found" });
      expect((await unfollow(fan.browser, id).expect(404)).body).toMatchObject({ message: "User Not Found" });
    }
    const banned = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: banned.id }, data: { isBanned: true, banReason: "spam" } });
    expect((await follow(fan.browser, banned.id).expect(404)).body).toMatchObject({ message: "User Not Found" });
    expect((await follow(fan.browser, fan.id).expect(400)).body).toMatchObject({ message: FOLLOW_MESSAGES.self });
    expect((await follow(fan.browser, fan.id.toUpperCase()).expect(400)).body).toMatchObject({ message: FOLLOW_MESSAGES.self });
    expect((await unfollow(fan.browser, fan.id).expect(400)).body).toMatchObject({ message: FOLLOW_MESSAGES.self });
    expect(await t.db.prisma.follow.count()).toBe(0);
    expect(await counts(fan.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it("following twice keeps one follow; the profile shows the counts and the viewer's followedByMe", async () => {
    const other = await signInMember(t);
    expect(followResultSchema.parse((await follow(fan.browser, creator.id).expect(200)).body)).toEqual({
      followerCount: 1,
      followedByMe: true,
    });
    expect((await follow(fan.browser, creator.id).expect(200)).body).toEqual({ followerCount: 1, followedByMe: true });
    expect((await follow(other.browser, creator.id).expect(200)).body).toEqual({ followerCount: 2, followedByMe: true });
    expect(await profile(fan.browser, creator.id)).toMatchObject({ followerCount: 2, followingCount: 0, followedByMe: true });
    expect(await profile(null, creator.id)).toMatchObject({ followerCount: 2, followingCount: 0, followedByMe: false });
    expect(await profile(creator.browser, creator.id)).toMatchObject({ followerCount: 2, followedByMe: false, isOwnProfile: true });
    expect(await profile(creator.browser, fan.id)).toMatchObject({ followerCount: 0, followingCount: 1, followedByMe: false });

    expect((await unfollow(other.browser, creator.id).expect(200)).body).toEqual({ followerCount: 1, followedByMe: false });
    expect((await unfollow(other.browser, creator.id).expect(200)).body).toEqual({ followerCount: 1, followedByMe: false });
    expect(await profile(other.browser, creator.id)).toMatchObject({ followerCount: 1, followedByMe: false });
    expect(await counts(other.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it("members following each other all at once are counted exactly (no deadlock)", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => signInMember(t)));
    const pairs = members.flatMap((a) => members.filter((b) => b !== a).map((b) => [a, b] as const));
    const answers = await Promise.all(pairs.map(([a, b]) => follow(a.browser, b.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(pairs.length).fill(200));
    for (const member of members) expect(await counts(member.id)).toEqual({ followerCount: 5, followingCount: 5 });
    await Promise.all(pairs.map(([a, b]) => unfollow(a.browser, b.id).expect(200)));
    for (const member of members) expect(await counts(member.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it("GET /api/loops?following=true: the followed creators' listed loops, newest first, paged by cursor; 401 signed out", async () => {
    const listener = await signInMember(t);
    const [a, b, notFollowed] = [await signInMember(t), await signInMember(t), await signInMember(t)];
    const base = Date.UTC(2026, 3, 1);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const a1 = await insertLoop(a.id, { title: "A one", createdAt: at(1) });
    const b1 = await insertLoop(b.id, { title: "B one", createdAt: at(2) });
    const a2 = await insertLoop(a.id, { title: "A two", createdAt: at(3) });
    const b2 = await insertLoop(b.id, { title: "B two", createdAt: at(4) });
    await insertLoop(a.id, { title: "A private", createdAt: at(5), isPublic: false });
    await insertLoop(b.id, { title: "B processing", createdAt: at(6), status: "processing" });
    await insertLoop(notFollowed.id, { title: "Not followed", createdAt: at(7) });
    await insertLoop(listener.id, { title: "Own", createdAt: at(8) });

    const empty = loopListResponseSchema.parse((await following(listener.browser).expect(200)).body);
    expect(empty).toEqual({ loops: [], total: 0, nextCursor: null });

    await follow(listener.browser, a.id).expect(200);
    await follow(listener.browser, b.id).expect(200);
    await listener.browser.post(`/api/loops/${b2}/like`).expect(200);
    const page = loopListResponseSchema.parse((await following(listener.browser).expect(200)).body);
    expect(page.loops.map((loop) => loop.id)).toEqual([b2, a2, b1, a1]);
    expect(page.total).toBe(4);
    expect(page.nextCursor).toBeNull();
    // The viewer's own fields are laid over.
    expect(page.loops.map((loop) => loop.likedByMe)).toEqual([true, false, false, false]);
    expect(page.loops[0]).toMatchObject({ likeCount: 1, isPurchased: false });

    // Keyset paging with the recent sort's cursor, and offset paging.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body = loopListResponseSchema.parse(
        (await following(listener.browser, `&limit=3${after ? `&after=${after}` : ""}`).expect(200)).body,
      );
      expect(body.total).toBe(4);
      seen.push(...body.loops.map((loop) => loop.id));
      after = body.nextCursor;
    } while (after);
    expect(seen).toEqual([b2, a2, b1, a1]);
    const second = loopListResponseSchema.parse((await following(listener.browser, "&limit=2&offset=2").expect(200)).body);
    expect(second.loops.map((loop) => loop.id)).toEqual([b1, a1]);
    const catalogCursor = loopListResponseSchema.parse(
      (await listener.browser.get("/api/loops?sortBy=recent&limit=1").expect(200)).body,
    ).nextCursor;
    expect((await following(listener.browser, `&after=${catalogCursor}`).expect(200)).body.loops).toBeDefined();

    // Refusals: only newest first, no filters; signed out 401 (the hot route hands it to Express).
    expect((await following(listener.browser, "&sortBy=popular").expect(400)).body).toMatchObject({
      message: "Invalid sortBy: the Following tab lists newest first.",
    });
    expect((await following(listener.browser, `&genreId=${genre}`).expect(400)).body).toMatchObject({
      message: "Invalid following: the Following tab takes no filters (only limit, offset and after).",
    });
    expect((await request(t.app).get("/api/loops?following=true").expect(401)).body).toMatchObject({ message: "Unauthorized" });
    expect((await request(t.app).get("/api/loops?following=true&limit=5").set("Cookie", "other=1").expect(401)).body).toMatchObject({
      message: "Unauthorized",
    });
    // following=false is the catalog.
    const catalog = loopListResponseSchema.parse((await request(t.app).get("/api/loops?following=false&limit=100").expect(200)).body);
    expect(catalog.loops.map((loop) => loop.title)).toContain("Not followed");

    await unfollow(listener.browser, b.id).expect(200);
    const afterUnfollow = loopListResponseSchema.parse((await following(listener.browser).expect(200)).body);
    expect(afterUnfollow.loops.map((loop) => loop.id)).toEqual([a2, a1]);
  });

  it("a follower gets one notification, live on the bell, when the creator's public upload is ready; none for a private one", async () => {
    const uploader = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: uploader.id }, data: { username: "beat_maker" } });
    const [follower, bystander] = [await signInMember(t), await signInMember(t)];
    await follow(follower.browser, uploader.id).expect(200);
    const stream = await EventStreamClient.open(baseUrl, follower.cookie);
    try {
      await stream.waitForSync(1);
      const upload = (title: string) =>
        uploader.browser
          .post("/api/loops/upload")
          .field("title", title)
          .field("genreId", String(genre))
          .attach("audio", wavFile([clickTrack(120, 1)]), { filename: "a.wav", contentType: "audio/wav" })
          .expect(201);
      const publicLoop = (await upload("Sunrise Groove")).body.id as string;
      const privateLoop = (await upload("Secret Sketch")).body.id as string;
      await uploader.browser.patch(`/api/loops/${privateLoop}`).send({ isPublic: false }).expect(200);

      const worker = t.startWorker({ pollMs: 50 });
      try {
        await waitFor("both loops processed", async () => {
          const loops = await t.db.prisma.loop.findMany({ where: { id: { in: [publicLoop, privateLoop] } } });
          return loops.every((loop) => loop.status === "ready");
        });
        const expected = newUploadNotification("beat_maker", "Sunrise Groove");
        const live = await stream.waitForNotification(expected.title);
        // It opens the new loop's page (issue 36).
        expect(live).toMatchObject({ ...expected, actionUrl: paths.loop(publicLoop) });

        const bell = notificationListSchema.parse((await follower.browser.get("/api/notifications").expect(200)).body);
        expect(bell.filter((n) => n.title.startsWith("New from"))).toEqual([
          expect.objectContaining({
            title: "New from beat_maker",
            message: 'beat_maker released "Sunrise Groove".',
            actionUrl: `/loops/${publicLoop}`,
            actionText: "Listen",
            isRead: false,
          }),
        ]);
        const others = notificationListSchema.parse((await bystander.browser.get("/api/notifications").expect(200)).body);
        expect(others.filter((n) => n.title.startsWith("New from"))).toEqual([]);

        // A retried job of a loop already ready finds nothing to do: no second notification.
        await t.db.prisma.job.create({ data: { queue: "loop.process", payload: { loopId: publicLoop } } });
        await waitFor("the retried job done", async () => (await t.db.prisma.job.count({ where: { state: { not: "completed" } } })) === 0);
        expect(await t.db.prisma.notification.count({ where: { userId: follower.id, title: "New from beat_maker" } })).toBe(1);
      } finally {
        await worker.stop();
      }
    } finally {
      stream.abort();
    }
  });
  it("a creator with more than 100 followers: each follower's open page gets the notice, and no other page refetches", async () => {
    const uploader = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: uploader.id }, data: { username: "crowd_pleaser" } });
    const [follower, outsider] = [await signInMember(t), await signInMember(t)];
    await follow(follower.browser, uploader.id).expect(200);
    // 150 more followers, as rows (each one a member).
    const fans = Array.from({ length: 150 }, (_, i) => ({ username: `crowd_fan_${i}` }));
    await t.db.prisma.user.createMany({ data: fans });
    const fanIds = await t.db.prisma.user.findMany({ where: { username: { startsWith: "crowd_fan_" } }, select: { id: true } });
    await t.db.prisma.follow.createMany({ data: fanIds.map(({ id }) => ({ followerId: id, followeeId: uploader.id })) });
    const streams = [await EventStreamClient.open(baseUrl, follower.cookie), await EventStreamClient.open(baseUrl, outsider.cookie)];
    const [followerStream, outsiderStream] = streams as [EventStreamClient, EventStreamClient];
    const worker = t.startWorker({ pollMs: 50 });
    try {
      await Promise.all(streams.map((stream) => stream.waitForSync(1)));
      const loopId = (
        await uploader.browser
          .post("/api/loops/upload")
          .field("title", "Stadium Anthem")
          .field("genreId", String(genre))
          .attach("audio", wavFile([clickTrack(120, 1)]), { filename: "a.wav", contentType: "audio/wav" })
          .expect(201)
      ).body.id as string;
      const expected = newUploadNotification("crowd_pleaser", "Stadium Anthem");
      // Delivered as the notification itself, not as "refetch everything".
      expect(await followerStream.waitForNotification(expected.title)).toMatchObject(expected);
      expect(followerStream.syncCount()).toBe(1);
      expect(await t.db.prisma.notification.count({ where: { title: expected.title } })).toBe(151);
      expect((await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId } })).status).toBe("ready");

      // The outsider's page heard nothing: the next event on it is a notification of its own, sent after.
      await t.db.prisma.notification.create({ data: { userId: outsider.id, type: "info", title: "Outsider's own", message: "m" } });
      await outsiderStream.waitForNotification("Outsider's own");
      expect(outsiderStream.events.map((event) => event.event)).toEqual(["sync", "notification"]);
    } finally {
      await worker.stop();
      streams.forEach((stream) => stream.abort());
    }
  });
});
