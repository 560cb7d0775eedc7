// The per-process cache of members' sessions and marks (db/member-changes.ts) without a database:
// what a member_changed announcement drops, what a load running meanwhile may keep.
import { describe, expect, it } from "vitest";
import { createMemberCache, listenForMemberChanges, MEMBER_CHANNEL, MEMBER_MARKS_CHANNEL, type MemberLoad } from "../src/db/member-changes";
import type { ChannelHandlers, PgListener } from "../src/db/pg-listener";
import type { PrismaClient } from "../src/db/prisma";

/** A database client (only its identity matters) whose member_changed and member_marks_changed channels the test plays. */
function heardClient(options: { heard?: boolean } = {}) {
  const prisma = {} as PrismaClient;
  const handlers = new Map<string, ChannelHandlers>();
  const listener = {
    listen: (channel: string, given: ChannelHandlers) => {
      handlers.set(channel, given);
    },
  } as unknown as PgListener;
  listenForMemberChanges(listener, prisma);
  expect([...handlers.keys()].sort()).toEqual([MEMBER_CHANNEL, MEMBER_MARKS_CHANNEL].sort());
  const gap = () => handlers.forEach((given) => given.gap!());
  if (options.heard ?? true) gap();
  return {
    prisma,
    announce: (userId: string) => handlers.get(MEMBER_CHANNEL)!.message(userId),
    announceMarks: (userId: string) => handlers.get(MEMBER_MARKS_CHANNEL)!.message(userId),
    gap,
    /** The gap of one channel only (the other not listened on yet). */
    gapOf: (channel: string) => handlers.get(channel)!.gap!(),
  };
}

/** A load that resolves when the test says so, counting its calls. */
function loads<T>() {
  let calls = 0;
  let resolveNext: ((value: MemberLoad<T>) => void) | undefined;
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      return new Promise<MemberLoad<T>>((resolve) => (resolveNext = resolve));
    },
    finish: (value: T, userId: string) => resolveNext!({ value, userId }),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("member cache", () => {
  it("keeps a member's value until an announcement names them; other members' entries stay", async () => {
    const { prisma, announce } = heardClient();
    const cache = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: true });
    const ann = loads<string>();
    const first = cache.get("ann", ann.load);
    ann.finish("ann 1", "ann");
    expect(await first).toBe("ann 1");
    expect(await cache.get("ann", ann.load)).toBe("ann 1");
    await cache.get("bob", async () => ({ value: "bob 1", userId: "bob" }));
    expect(ann.calls).toBe(1);
    announce("ann");
    expect(cache.size).toBe(1);
    const again = cache.get("ann", ann.load);
    ann.finish("ann 2", "ann");
    expect(await again).toBe("ann 2");
    expect(ann.calls).toBe(2);
    expect(await cache.get("bob", async () => ({ value: "bob 2", userId: "bob" }))).toBe("bob 1");
  });

  it("a load running when its member is announced is answered but not kept; another member's announcement does not matter", async () => {
    const { prisma, announce } = heardClient();
    const cache = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: true });
    const ann = loads<string>();
    const running = cache.get("ann", ann.load);
    await settled();
    announce("ann");
    ann.finish("read before the change", "ann");
    expect(await running).toBe("read before the change");
    expect(cache.size).toBe(0);

    const bob = loads<string>();
    const bobs = cache.get("bob-session", bob.load);
    await settled();
    announce("carol");
    bob.finish("bob", "bob");
    expect(await bobs).toBe("bob");
    expect(cache.size).toBe(1);
  });

  it("keeps nothing before the channel is heard, and drops everything after a gap", async () => {
    const unheard = heardClient({ heard: false });
    const cold = createMemberCache<string>(unheard.prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: true });
    await cold.get("ann", async () => ({ value: "ann", userId: "ann" }));
    expect(cold.size).toBe(0);

    const { prisma, gap } = heardClient();
    const cache = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: true });
    await cache.get("ann", async () => ({ value: "ann", userId: "ann" }));
    expect(cache.size).toBe(1);
    gap();
    expect(cache.size).toBe(0);
  });

  it("serves nothing older than its maximum age, and keeps at most maxEntries", async () => {
    let now = 1_000;
    const { prisma } = heardClient();
    const cache = createMemberCache<number>(prisma, { maxEntries: 2, maxAgeMs: 60_000, holdsMarks: true, now: () => now });
    let reads = 0;
    const read = (userId: string) => cache.get(userId, async () => ({ value: ++reads, userId }));
    expect(await read("ann")).toBe(1);
    now += 59_999;
    expect(await read("ann")).toBe(1);
    now += 1;
    expect(await read("ann")).toBe(2);
    await read("bob");
    await read("carol");
    expect(cache.size).toBe(2);
  });

  it("drops the least recently used first, an entry used within a second keeping its place", async () => {
    let now = 1_000;
    const { prisma } = heardClient();
    const cache = createMemberCache<string>(prisma, { maxEntries: 2, maxAgeMs: 60_000, holdsMarks: true, now: () => now });
    const read = (userId: string) => cache.get(userId, async () => ({ value: `${userId}@${now}`, userId }));
    await read("ann");
    await read("bob");
    // Used again after a second: ann moves behind bob, so bob goes first.
    now += 1_000;
    expect(cache.peek("ann")).toBe("ann@1000");
    await read("carol");
    expect(cache.peek("bob")).toBeUndefined();
    expect(cache.peek("ann")).toBe("ann@1000");
    // Used again within the second (it moved at 2,000): ann keeps her place ahead of carol, and goes first.
    now += 500;
    expect(cache.peek("ann")).toBe("ann@1000");
    await read("dave");
    expect(cache.peek("ann")).toBeUndefined();
    expect(cache.peek("carol")).toBe("carol@2000");
  });

  it("a change of a member's marks drops only the caches that hold marks; a change of who they are drops both", async () => {
    const { prisma, announce, announceMarks } = heardClient();
    const sessions = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: false });
    const marks = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: true });
    const load = (value: string) => async () => ({ value, userId: "ann" });
    await sessions.get("ann-token", load("session 1"));
    await marks.get("ann", load("marks 1"));
    announceMarks("ann");
    expect(await sessions.get("ann-token", load("session 2"))).toBe("session 1");
    expect(await marks.get("ann", load("marks 2"))).toBe("marks 2");
    announce("ann");
    expect(await sessions.get("ann-token", load("session 3"))).toBe("session 3");
    expect(await marks.get("ann", load("marks 3"))).toBe("marks 3");
  });

  it("keeps nothing until both channels are listened on", async () => {
    const { prisma, gapOf } = heardClient({ heard: false });
    const cache = createMemberCache<string>(prisma, { maxEntries: 10, maxAgeMs: 60_000, holdsMarks: false });
    gapOf(MEMBER_CHANNEL);
    await cache.get("ann", async () => ({ value: "ann", userId: "ann" }));
    expect(cache.size).toBe(0);
    gapOf(MEMBER_MARKS_CHANNEL);
    await cache.get("ann", async () => ({ value: "ann", userId: "ann" }));
    expect(cache.size).toBe(1);
  });
});
