// The admin's loops: the list (every status, search by title or creator), the public switch, and
// moderation: a hidden loop leaves the catalog, search and the public profile at once (the catalog
// cache is on here, as in production), cannot be bought, and stays downloadable by its buyers.
import { randomUUID } from "node:crypto";
import { ADMIN_LOOP_MESSAGES, adminLoopListSchema, adminLoopSchema } from "@loop/rules/schemas/admin-loops";
import { loopListResponseSchema } from "@loop/rules/schemas/loops";
import { publicProfileSchema } from "@loop/rules/schemas/profile";
import { searchResponseSchema } from "@loop/rules/schemas/search";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDownloadableLoop } from "./support/listed-loop";
import { fundMember, signInAdmin, signInMember } from "./support/members";
import type { Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";

type Member = { browser: Browser; id: string };

describe("admin: loops and moderation", () => {
  let t: TestApp;
  let admin: Member;
  let creator: Member;
  let buyer: Member;
  let genreId: number;

  /** A processed loop of the creator with its files in storage. */
  async function insertLoop(
    title: string,
    data: { status?: "ready" | "processing" | "failed"; isPublic?: boolean; priceCents?: number } = {},
  ) {
    return insertDownloadableLoop(t, { userId: creator.id, genreId, title, priceCents: 999, ...data });
  }
  const catalogIds = async (query = "") =>
    loopListResponseSchema.parse((await request(t.app).get(`/api/loops${query}`).expect(200)).body).loops.map((l) => l.id);
  const searchIds = async (q: string) =>
    searchResponseSchema.parse((await request(t.app).get("/api/search").query({ q }).expect(200)).body).loops.map((l) => l.id);
  const profileLoops = async (as: Browser | null) => {
    const call = as ? as.get(`/api/users/${creator.id}/profile`) : request(t.app).get(`/api/users/${creator.id}/profile`);
    return publicProfileSchema.parse((await call.expect(200)).body).loops;
  };
  const moderate = (id: string, body: object) => admin.browser.put(`/api/admin/loops/${id}/moderation`).send(body);
  const auditOf = (targetId: string) =>
    t.db.prisma.adminAuditEntry.findMany({
      where: { targetId },
      orderBy: { id: "asc" },
      select: { adminId: true, action: true, before: true, after: true },
    });

  beforeAll(async () => {
    // The catalog cache on, as in production: moderation must be seen at once all the same.
    t = await createTestApp({ env: { CATALOG_CACHE: "1", CATALOG_CACHE_TTL_MS: "60000" } });
    genreId = (await t.db.prisma.genre.upsert({ where: { name: "House" }, create: { name: "House" }, update: {} })).id;
    admin = await signInAdmin(t, `admin-${randomUUID()}@example.com`);
    creator = await signInMember(t, `creator-${randomUUID()}@example.com`);
    buyer = await signInMember(t);
  });
  afterAll(() => t.close());

  it("lists every loop whatever its status, newest first; search by title, creator username or e-mail", async () => {
    const ready = await insertLoop("Velvet Groove 100%", { priceCents: 999 });
    const processing = await insertLoop("Still Processing", { status: "processing" });
    const privateOne = await insertLoop("Private Sketch", { isPublic: false, priceCents: 0 });
    const list = adminLoopListSchema.parse((await admin.browser.get("/api/admin/loops").expect(200)).body);
    expect(list.loops.slice(0, 3).map((l) => l.id)).toEqual([privateOne, processing, ready]);
    expect(list.total).toBe(await t.db.prisma.loop.count());
    const readyView = list.loops.find((l) => l.id === ready)!;
    expect(adminLoopSchema.parse(readyView)).toEqual(readyView);
    expect(readyView).toMatchObject({
      price: "9.99",
      status: "ready",
      isPublic: true,
      hiddenReason: null,
      creator: { id: creator.id, email: expect.stringMatching(/^creator-/) },
    });
    expect(list.loops.find((l) => l.id === processing)!.status).toBe("processing");

    const search = async (text: string) =>
      adminLoopListSchema.parse((await admin.browser.get("/api/admin/loops").query({ search: text }).expect(200)).body);
    expect((await search("velvet GROOVE")).loops.map((l) => l.id)).toEqual([ready]);
    expect((await search("100%")).loops.map((l) => l.id)).toEqual([ready]);
    const username = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: creator.id } })).username;
    expect((await search(username.toUpperCase())).total).toBe(3);
    expect((await search("CREATOR-")).total).toBe(3);
    expect(await search("nothing-like-this")).toEqual({ loops: [], total: 0 });
    await admin.browser.get("/api/admin/loops?limit=500").expect(400);
  });

  it("hiding a ready loop: gone from the catalog, search and the public profile at once; not for sale; its buyer still downloads it", async () => {
    const id = await insertLoop("Neon Cathedral Drift");
    await t.db.prisma.purchase.create({
      data: { loopId: id, buyerId: buyer.id, format: "mp3", priceCents: 999, feeCents: 20, method: "test" },
    });
    // Read (and so cached) while listed.
    expect(await catalogIds()).toContain(id);
    expect(await catalogIds("?search=Cathedral")).toContain(id);
    expect(await searchIds("Neon Cathedral")).toContain(id);
    expect((await profileLoops(null)).map((l) => l.id)).toContain(id);

    const response = await moderate(id, { hidden: true, reason: "  Copyrighted sample  " }).expect(200);
    expect(adminLoopSchema.parse(response.body)).toMatchObject({ id, status: "hidden", hiddenReason: "Copyrighted sample" });
    const row = await t.db.prisma.loop.findUniqueOrThrow({ where: { id } });
    expect(row.hiddenAt).toBeInstanceOf(Date);

    expect(await catalogIds()).not.toContain(id);
    expect(await catalogIds("?search=Cathedral")).not.toContain(id);
    expect(await searchIds("Neon Cathedral")).not.toContain(id);
    expect((await profileLoops(null)).map((l) => l.id)).not.toContain(id);
    await request(t.app).get(`/api/loops/${id}`).expect(404);
    const stranger = await signInMember(t);
    const buy = await stranger.browser.post("/api/purchases").send({ loopId: id, format: "wav", paymentMethod: "loop" });
    expect(buy.status).toBe(404);
    expect(await t.db.prisma.purchase.count({ where: { loopId: id, buyerId: stranger.id } })).toBe(0);

    // The buyer keeps the download; others do not see the loop.
    const link = await buyer.browser.get(`/api/loops/${id}/download?format=mp3`).expect(200);
    const file = await request(t.app).get(link.body.downloadUrl).buffer(true).expect(200);
    expect(Buffer.from(file.body as Buffer).toString()).toBe("mp3 of Neon Cathedral Drift");
    await stranger.browser.get(`/api/loops/${id}/download?format=mp3`).expect(404);

    // The creator sees it, with its status, among their own loops.
    const own = await profileLoops(creator.browser);
    expect(own.find((l) => l.id === id)).toMatchObject({ status: "hidden" });
    expect((await creator.browser.get(`/api/loops/${id}/status`).expect(200)).body).toMatchObject({
      id,
      status: "hidden",
      hiddenReason: "Copyrighted sample",
    });

    const notices = await t.db.prisma.notification.findMany({
      where: { userId: creator.id, title: { in: ["Loop Hidden", "Loop Restored"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(notices.map((n) => [n.type, n.title, n.message])).toEqual([
      [
        "warning",
        "Loop Hidden",
        'Your loop "Neon Cathedral Drift" was hidden from the marketplace by the LOOP team. Reason: Copyrighted sample',
      ],
    ]);

    // Only a hidden loop can be restored, only a ready one hidden.
    expect((await moderate(id, { hidden: true, reason: "again" }).expect(409)).body).toMatchObject({
      message: ADMIN_LOOP_MESSAGES.notReady,
    });
    const restored = await moderate(id, { hidden: false }).expect(200);
    expect(restored.body).toMatchObject({ status: "ready", hiddenReason: null });
    expect(await t.db.prisma.loop.findUniqueOrThrow({ where: { id }, select: { hiddenReason: true, hiddenAt: true } })).toEqual({
      hiddenReason: null,
      hiddenAt: null,
    });
    expect((await moderate(id, { hidden: false }).expect(409)).body).toMatchObject({ message: ADMIN_LOOP_MESSAGES.notHidden });
    expect(await catalogIds()).toContain(id);
    expect(await searchIds("Neon Cathedral")).toContain(id);
    expect(await t.db.prisma.notification.count({ where: { userId: creator.id, title: "Loop Restored" } })).toBe(1);

    expect(await auditOf(id)).toEqual([
      {
        adminId: admin.id,
        action: "loop.hidden",
        before: { status: "ready", hiddenReason: null },
        after: { status: "hidden", hiddenReason: "Copyrighted sample" },
      },
      {
        adminId: admin.id,
        action: "loop.restored",
        before: { status: "hidden", hiddenReason: "Copyrighted sample" },
        after: { status: "ready", hiddenReason: null },
      },
    ]);
  });

  it("a loop that leaves sale (hidden, or made private by its creator) closes its open offers and releases the holds", async () => {
    const balance = async (member: Member) =>
      (await member.browser.get("/api/tokens/balance").expect(200)).body as { held: string; available: string };
    await fundMember(t, buyer.id, "2000");
    const before = await balance(buyer);
    const hiddenId = await insertLoop("Offered Then Hidden", { priceCents: 200 });
    const privateId = await insertLoop("Offered Then Private", { priceCents: 200 });
    const offers: string[] = [];
    for (const loopId of [hiddenId, privateId]) {
      const made = await buyer.browser.post("/api/negotiations").send({ loopId, format: "mp3", offerAmount: "1.00" });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      offers.push((made.body as { id: string }).id);
    }
    expect((await balance(buyer)).held).not.toBe("0.00000000");

    await moderate(hiddenId, { hidden: true, reason: "Not theirs" }).expect(200);
    await creator.browser.patch(`/api/loops/${privateId}`).send({ isPublic: false }).expect(200);

    for (const id of offers) {
      expect(await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id }, select: { status: true, holdId: true } })).toMatchObject({
        status: "rejected",
      });
    }
    expect(await balance(buyer)).toEqual(before);
    const closed = await t.db.prisma.notification.findMany({
      where: { userId: buyer.id, title: "Offer Closed" },
      select: { message: true },
    });
    expect(closed.map((n) => n.message).sort()).toEqual([
      "Offered Then Hidden is no longer on sale, so your offer was closed. The held LOOP is available again.",
      "Offered Then Private is no longer on sale, so your offer was closed. The held LOOP is available again.",
    ]);
  });

  it("moderation refuses bad requests and loops that are not processed, changing nothing", async () => {
    const ready = await insertLoop("Ready To Hide");
    const processing = await insertLoop("Processing Loop", { status: "processing" });
    const cases: [string, object, number, string][] = [
      [ready, { hidden: true }, 400, ADMIN_LOOP_MESSAGES.reasonRequired],
      [ready, { hidden: true, reason: "  " }, 400, ADMIN_LOOP_MESSAGES.reasonRequired],
      [ready, { hidden: true, reason: "x".repeat(501) }, 400, ADMIN_LOOP_MESSAGES.reasonTooLong],
      [ready, { hidden: "yes", reason: "x" }, 400, ADMIN_LOOP_MESSAGES.invalidHidden],
      [processing, { hidden: true, reason: "Spam" }, 409, ADMIN_LOOP_MESSAGES.notReady],
      [randomUUID(), { hidden: true, reason: "Spam" }, 404, ADMIN_LOOP_MESSAGES.notFound],
      ["not-a-uuid", { hidden: true, reason: "Spam" }, 404, ADMIN_LOOP_MESSAGES.notFound],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await moderate(id, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
    for (const id of [ready, processing]) expect(await auditOf(id)).toEqual([]);
    expect((await t.db.prisma.loop.findUniqueOrThrow({ where: { id: ready } })).status).toBe("ready");
  });

  it("the public switch: a private loop leaves the catalog at once; audited", async () => {
    const id = await insertLoop("Switchable Loop");
    expect(await catalogIds()).toContain(id);
    for (const body of [{}, { isPublic: "no" }]) {
      expect((await admin.browser.put(`/api/admin/loops/${id}/visibility`).send(body).expect(400)).body).toMatchObject({
        message: ADMIN_LOOP_MESSAGES.invalidVisibility,
      });
    }
    const response = await admin.browser.put(`/api/admin/loops/${id}/visibility`).send({ isPublic: false }).expect(200);
    expect(adminLoopSchema.parse(response.body)).toMatchObject({ id, isPublic: false, status: "ready" });
    expect(await catalogIds()).not.toContain(id);
    await admin.browser.put(`/api/admin/loops/${id}/visibility`).send({ isPublic: true }).expect(200);
    expect(await catalogIds()).toContain(id);
    await admin.browser.put(`/api/admin/loops/${randomUUID()}/visibility`).send({ isPublic: true }).expect(404);
    expect(await auditOf(id)).toEqual([
      { adminId: admin.id, action: "loop.visibility_changed", before: { isPublic: true }, after: { isPublic: false } },
      { adminId: admin.id, action: "loop.visibility_changed", before: { isPublic: false }, after: { isPublic: true } },
    ]);
  });
});
