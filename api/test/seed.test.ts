import { describe, expect, it } from "vitest";
import { DEMO_CREATORS, DEMO_GENRES, seed } from "../src/db/seed";
import { truncateAll, type TestDatabase } from "./support/database";
import { suiteDatabase } from "./support/suite-app";

describe("demo seed", () => {
  let db: TestDatabase;
  suiteDatabase((created) => (db = created));

  it("fills an empty database with genres, an admin and three creators, once", async () => {
    const result = await seed(db.prisma, { adminEmail: "Boss@Loop.Local" });
    expect(result).toEqual({ seeded: true, genres: DEMO_GENRES.length, users: 4 });
    expect(await db.prisma.genre.count()).toBe(DEMO_GENRES.length);
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(admin).toMatchObject({ email: "boss@loop.local", isAdmin: true, isBanned: false });
    const creators = await db.prisma.user.findMany({ where: { isAdmin: false }, orderBy: { username: "asc" } });
    expect(creators).toHaveLength(3);
    for (const creator of creators) {
      expect(creator.email).toMatch(/@loop\.local$/);
      expect(creator.firstName).toBeTruthy();
      expect(creator.bio).toBeTruthy();
    }
    expect(creators.map((c) => c.username).sort()).toEqual(DEMO_CREATORS.map((c) => c.username).sort());

    expect(await seed(db.prisma, { adminEmail: "boss@loop.local" })).toEqual({ seeded: false, genres: 0, users: 0 });
    expect(await db.prisma.user.count()).toBe(4);
    // Loops are the demo catalog's (test/demo-catalog.test.ts): it needs storage, and runs on its own.
    expect(await db.prisma.loop.count()).toBe(0);
  });

  it("leaves a database with data alone, even with no genres", async () => {
    await truncateAll(db.prisma);
    await db.prisma.user.create({ data: { username: "someone" } });
    expect((await seed(db.prisma, { adminEmail: "admin@loop.local" })).seeded).toBe(false);
    expect(await db.prisma.genre.count()).toBe(0);
  });

  it("seeds once when two starters race", async () => {
    await truncateAll(db.prisma);
    const results = await Promise.all([seed(db.prisma, { adminEmail: "a@loop.local" }), seed(db.prisma, { adminEmail: "a@loop.local" })]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await db.prisma.user.count()).toBe(4);
  });
});
