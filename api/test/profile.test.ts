import { randomUUID } from "node:crypto";
import { ownProfileSchema, publicProfileSchema } from "@loop/rules/schemas/profile";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre, insertLoopRow } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

describe("profiles", () => {
  let t: TestApp;
  let alice: Browser;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    ({ browser: alice, id: aliceId } = await signInMember(t));
    bobId = (
      await t.db.prisma.user.create({
        data: { username: "bob", firstName: "Bob", lastName: "B", email: "bob@example.com", experience: 5000, level: 12 },
      })
    ).id;
    const genreId = await createGenre(t.db.prisma, "House");
    const loop = (userId: string, title: string, extra: { status?: "ready" | "processing"; isPublic?: boolean; createdAt?: Date } = {}) =>
      insertLoopRow(t.db.prisma, { userId, genreId, title, durationMs: 10_000, ...extra });
    await loop(bobId, "Bob Public", { createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await loop(bobId, "Bob Private", { isPublic: false });
    await loop(bobId, "Bob Processing", { status: "processing" });
    await loop(aliceId, "Alice Public", { createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await loop(aliceId, "Alice Processing", { status: "processing", createdAt: new Date(Date.UTC(2026, 0, 2)) });
  });
  afterAll(() => t.close());

  it("GET /api/profile: the own user with honest zero totals; 401 signed out", async () => {
    const { body } = await alice.get("/api/profile").expect(200);
    expect(ownProfileSchema.parse(body)).toMatchObject({ id: aliceId, totalEarned: "0.00000000", totalSpent: "0.00000000" });
    expect((await request(t.app).get("/api/profile").expect(401)).body).toMatchObject({ message: "Unauthorized" });
  });

  it("PUT /api/profile: saves and echoes username, bio and image URL", async () => {
    const { body } = await alice
      .put("/api/profile")
      .send({ username: " Alice_1 ", bio: "  Making beats  ", profileImageUrl: "https://img.example/a.png" })
      .expect(200);
    expect(ownProfileSchema.parse(body)).toMatchObject({
      username: "alice_1",
      bio: "Making beats",
      profileImageUrl: "https://img.example/a.png",
    });
    expect((await alice.get("/api/auth/user").expect(200)).body).toMatchObject({ username: "alice_1", bio: "Making beats" });
    // Empty values clear; keeping one's own username is fine.
    const cleared = await alice.put("/api/profile").send({ username: "alice_1", bio: "", profileImageUrl: "" }).expect(200);
    expect(cleared.body).toMatchObject({ username: "alice_1", bio: null, profileImageUrl: null });
  });

  it.each([
    [{}, "Username is required."],
    [{ username: "  " }, "Username is required."],
    [{ username: "ab" }, /^Invalid Username/],
    [{ username: "a".repeat(31) }, /^Invalid Username/],
    [{ username: "bad-name" }, /^Invalid Username/],
    [{ username: "okname", bio: "x".repeat(501) }, /^Invalid Bio/],
    [{ username: "okname", profileImageUrl: "javascript:alert(1)" }, /^Invalid Profile Image URL/],
    [{ username: "okname", profileImageUrl: "ftp://x.example/a.png" }, /^Invalid Profile Image URL/],
  ])("PUT /api/profile 400 for %j", async (body, message) => {
    const response = await alice.put("/api/profile").send(body).expect(400);
    expect(response.body.message).toMatch(message);
  });

  it("PUT /api/profile: 409 for a taken username, 401 signed out, 403 cross-site", async () => {
    expect((await alice.put("/api/profile").send({ username: "BOB" }).expect(409)).body).toMatchObject({
      message: "Username is already taken",
    });
    await browser(t.app).put("/api/profile").send({ username: "someone" }).expect(401);
    await request(t.app).put("/api/profile").send({ username: "someone" }).expect(403);
  });

  it("GET /api/users/:userId/profile: public fields and public ready loops for others", async () => {
    const { body } = await alice.get(`/api/users/${bobId}/profile`).expect(200);
    const profile = publicProfileSchema.parse(body);
    expect(body).toEqual(profile);
    expect(profile.user).toEqual({
      id: bobId,
      username: "bob",
      firstName: "Bob",
      lastName: "B",
      bio: null,
      profileImageUrl: null,
      level: 12,
      experience: 5000,
      levelTitle: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain("bob@example.com");
    expect(profile.loops.map((loop) => loop.title)).toEqual(["Bob Public"]);
    expect(profile).toMatchObject({ totalLoops: 1, isOwnProfile: false });
    expect((await request(t.app).get(`/api/users/${bobId}/profile`).expect(200)).body.isOwnProfile).toBe(false);
  });

  it("GET /api/users/:userId/profile: all of one's own loops with their status", async () => {
    const profile = publicProfileSchema.parse((await alice.get(`/api/users/${aliceId}/profile`).expect(200)).body);
    expect(profile.isOwnProfile).toBe(true);
    expect(profile.totalLoops).toBe(2);
    expect(profile.loops.map((loop) => [loop.title, loop.status])).toEqual([
      ["Alice Processing", "processing"],
      ["Alice Public", "ready"],
    ]);
  });

  it("GET /api/users/:userId/profile: 404 User Not Found for an unknown or malformed id", async () => {
    expect((await request(t.app).get(`/api/users/${randomUUID()}/profile`).expect(404)).body).toMatchObject({ message: "User Not Found" });
    expect((await request(t.app).get("/api/users/nope/profile").expect(404)).body).toMatchObject({ message: "User Not Found" });
  });
});
