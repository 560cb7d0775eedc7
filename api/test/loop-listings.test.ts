// A creator's listings (issue 37): the listing's history, unlisted and private loops, taking a loop
// down (its buyers keep it; its files go once none holds it), "My Loops" paged past any number of
// loops with its figures, public profiles paged through all of a creator's loops, bulk actions and
// a failed upload's retry.
import { randomUUID } from "node:crypto";
import { LOOP_EDIT_MESSAGES } from "@loop/rules/schemas/loops";
import { loopHistorySchema, MY_LOOPS_MESSAGES, myLoopsPageSchema, type MyLoop } from "@loop/rules/schemas/my-loops";
import { libraryPageSchema } from "@loop/rules/schemas/library";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeRemovedLoopFiles, REMOVED_FILES_GRACE_MS } from "../src/features/loops/purge-removed-loops";
import { postWithKey } from "./support/api-calls";
import { audioKeys, insertDownloadableLoop, insertLoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import type { TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

describe("a creator's listings", () => {
  let t: TestApp;
  let creator: Member;
  let buyer: Member;

  ledgerCheckedApp((app) => {
    t = app;
  });

  beforeAll(async () => {
    creator = await signInMember(t);
    buyer = await signInMember(t, { funds: 100_000n });
  });

  const catalogIds = async (query = "") =>
    ((await request(t.app).get(`/api/loops?limit=100${query}`).expect(200)).body.loops as { id: string }[]).map((loop) => loop.id);
  const searchIds = async (text: string) =>
    (
      (
        await request(t.app)
          .get(`/api/search?q=${encodeURIComponent(text)}`)
          .expect(200)
      ).body.loops as { id: string }[]
    ).map((loop) => loop.id);
  const buy = (loopId: string, format = "mp3") => postWithKey(buyer.browser, "/api/purchases", { loopId, format, paymentMethod: "loop" });

  it("records every changed field in the loop's history; a new price applies to sales after it, an open offer keeps its amount", async () => {
    const id = await insertDownloadableLoop(t, { userId: creator.id, title: "Amber Keys", priceCents: 500 });
    const offer = await buyer.browser.post("/api/negotiations").send({ loopId: id, format: "mp3", offerAmount: "4.00" }).expect(201);

    await creator.browser.patch(`/api/loops/${id}`).send({ title: "Amber Keys II", price: "7.50" }).expect(200);
    await creator.browser.patch(`/api/loops/${id}`).send({ visibility: "unlisted" }).expect(200);
    const history = loopHistorySchema.parse((await creator.browser.get(`/api/loops/${id}/history`).expect(200)).body);
    expect(history.changes.map(({ field, from, to, by }) => ({ field, from, to, by: by.id }))).toEqual([
      { field: "visibility", from: "public", to: "unlisted", by: creator.id },
      expect.objectContaining({ field: expect.stringMatching(/^(title|price)$/) }),
      expect.objectContaining({ field: expect.stringMatching(/^(title|price)$/) }),
    ]);
    expect(history.changes).toContainEqual(expect.objectContaining({ field: "price", from: "5.00", to: "7.50" }));
    expect(history.changes).toContainEqual(expect.objectContaining({ field: "title", from: "Amber Keys", to: "Amber Keys II" }));
    // Nobody else reads it.
    await buyer.browser.get(`/api/loops/${id}/history`).expect(403);

    // The open offer kept its terms; a purchase now pays the new price.
    const negotiation = (await buyer.browser.get("/api/negotiations").expect(200)).body as {
      id: string;
      offerAmount: string;
      status: string;
    }[];
    expect(negotiation.find((item) => item.id === offer.body.id)).toMatchObject({ offerAmount: "4.00", status: "pending" });
    expect((await buy(id).expect(201)).body).toMatchObject({ price: "7.50", loopTitle: "Amber Keys II" });
  });

  it("an unlisted loop is out of the catalog and search, yet its link, preview and sale work; a private one reaches only its creator", async () => {
    const id = await insertLoopRow(t.db.prisma, {
      userId: creator.id,
      title: "Hidden Harbor",
      priceCents: 300,
      ...audioKeys(randomUUID()),
      previewKey: "previews/harbor.mp3",
    });
    await t.storage.put("previews/harbor.mp3", Buffer.from("preview"));
    expect(await catalogIds()).toContain(id);

    const unlisted = await creator.browser.patch(`/api/loops/${id}`).send({ visibility: "unlisted" }).expect(200);
    expect(unlisted.body).toMatchObject({ visibility: "unlisted", isPublic: false });
    expect(await catalogIds()).not.toContain(id);
    expect(await searchIds("Hidden Harbor")).not.toContain(id);
    expect(await catalogIds(`&userId=${creator.id}`)).not.toContain(id);
    await request(t.app).get(`/api/loops/${id}`).expect(200);
    await request(t.app).get(`/api/loops/${id}/preview`).expect(200);
    // Its page previews when shared, but asks search engines not to list it.
    const head = await request(t.app)
      .get(`/api/page-head?path=${encodeURIComponent(`/loops/${id}`)}`)
      .expect(200);
    expect(head.body.status).toBe(200);
    expect(head.body.head).toContain("Hidden Harbor");
    expect(head.body.head).toContain('<meta name="robots" content="noindex"');

    await creator.browser.patch(`/api/loops/${id}`).send({ visibility: "private" }).expect(200);
    await request(t.app).get(`/api/loops/${id}`).expect(404);
    await buyer.browser.get(`/api/loops/${id}/preview`).expect(404);
    await creator.browser.get(`/api/loops/${id}`).expect(200);
    expect(await buy(id).then((response) => response.status)).toBe(404);
  });

  it("a loop taken down leaves every list and answers 410; its buyer keeps it until refunded, then its files go", async () => {
    const id = await insertDownloadableLoop(t, { userId: creator.id, title: "Last Light", priceCents: 200 });
    const bought = await buy(id).expect(201);

    await creator.browser.delete(`/api/loops/${id}`).expect(204);
    expect(await catalogIds()).not.toContain(id);
    expect(await catalogIds(`&userId=${creator.id}`)).not.toContain(id);
    expect((await request(t.app).get(`/api/loops/${id}`).expect(410)).body.message).toMatch(/^Loop Removed/);
    expect(
      (
        await request(t.app)
          .get(`/api/page-head?path=${encodeURIComponent(`/loops/${id}`)}`)
          .expect(200)
      ).body.status,
    ).toBe(410);
    await creator.browser.get(`/api/loops/${id}/status`).expect(404);
    await creator.browser.delete(`/api/loops/${id}`).expect(404);
    await creator.browser.patch(`/api/loops/${id}`).send({ title: "Back" }).expect(404);
    const own = (await creator.browser.get(`/api/users/${creator.id}/profile`).expect(200)).body as { loops: { id: string }[] };
    expect(own.loops.map((loop) => loop.id)).not.toContain(id);

    // The buyer: still in the library, downloadable.
    const [entry] = libraryPageSchema.parse((await buyer.browser.get("/api/library?search=Last%20Light").expect(200)).body).entries;
    expect(entry).toMatchObject({ loop: { id, listed: false }, canDownload: true });
    const link = await buyer.browser.get(`/api/loops/${id}/download?format=mp3`).expect(200);
    await request(t.app)
      .get(link.body.downloadUrl as string)
      .expect(200);

    // Held: the sweep keeps the files, even past the grace period.
    const later = new Date(Date.now() + REMOVED_FILES_GRACE_MS + 60_000);
    expect(await purgeRemovedLoopFiles(t.db.prisma, t.storage, later)).toBe(0);
    expect(await t.storage.stat(audioKeys(id).mp3Key)).not.toBeNull();

    // Refunded: nobody holds it; within the grace period the files stay, after it they go.
    await t.db.prisma.purchase.update({ where: { id: bought.body.id }, data: { refundedAt: new Date(), refundRef: "0xrefund" } });
    expect(await purgeRemovedLoopFiles(t.db.prisma, t.storage)).toBe(0);
    expect(await purgeRemovedLoopFiles(t.db.prisma, t.storage, later)).toBe(1);
    expect(await t.storage.stat(audioKeys(id).mp3Key)).toBeNull();
    expect(await t.storage.stat(audioKeys(id).wavKey)).toBeNull();
    expect(await t.db.prisma.loop.findUniqueOrThrow({ where: { id } })).toMatchObject({ mp3Key: null, wavKey: null, originalBytes: 0 });
    expect(await purgeRemovedLoopFiles(t.db.prisma, t.storage, later)).toBe(0);
  });

  it("My Loops and the public profile page through all of 150 loops; figures sort the table", async () => {
    const maker = await signInMember(t);
    const ids: string[] = [];
    const base = Date.now() - 1_000_000;
    for (let index = 0; index < 150; index++)
      ids.push(await insertLoopRow(t.db.prisma, { userId: maker.id, title: `Crate ${index}`, createdAt: new Date(base + index * 1000) }));
    const hidden = await insertLoopRow(t.db.prisma, {
      userId: maker.id,
      title: "Private One",
      isPublic: false,
      createdAt: new Date(base - 1000),
    });

    const walk = async (first: string, next: (cursor: string) => string) => {
      const seen: string[] = [];
      let url: string | null = first;
      while (url) {
        const page = myLoopsPageSchema.parse((await maker.browser.get(url).expect(200)).body);
        seen.push(...page.loops.map((loop) => loop.id));
        expect(page.total).toBe(151);
        url = page.nextCursor ? next(page.nextCursor) : null;
      }
      return seen;
    };
    const recent = await walk("/api/profile/loops?limit=60", (cursor) => `/api/profile/loops?limit=60&after=${cursor}`);
    expect(recent).toHaveLength(151);
    expect(recent.slice(0, 150)).toEqual([...ids].reverse());
    expect(recent).toContain(hidden);

    // Public: 150 listed loops through the catalog's cursor, newest first.
    const publicIds: string[] = [];
    let after: string | null = null;
    do {
      const query: string = `/api/loops?userId=${maker.id}&sortBy=recent&limit=100${after ? `&after=${after}` : ""}`;
      const page = (await request(t.app).get(query).expect(200)).body as { loops: { id: string }[]; nextCursor: string | null };
      publicIds.push(...page.loops.map((loop) => loop.id));
      after = page.nextCursor;
    } while (after);
    expect(publicIds).toEqual([...ids].reverse());

    // Figures: plays sort the table, and the cursor keeps the order.
    await t.db.prisma.loopStatsTotal.createMany({
      data: [
        { loopId: ids[3]!, userId: maker.id, plays: 40, salesLoop: 2, earningsUnitsLoop: 500n * 10n ** 8n },
        { loopId: ids[7]!, userId: maker.id, plays: 90, salesCard: 1, earningsCentsCard: 300n },
      ],
    });
    const byPlays = myLoopsPageSchema.parse((await maker.browser.get("/api/profile/loops?sort=plays&limit=2").expect(200)).body);
    expect(byPlays.loops.map((loop: MyLoop) => [loop.id, loop.plays])).toEqual([
      [ids[7], 90],
      [ids[3], 40],
    ]);
    const bySales = myLoopsPageSchema.parse((await maker.browser.get("/api/profile/loops?sort=sales&limit=1").expect(200)).body);
    expect(bySales.loops[0]).toMatchObject({ id: ids[3], sales: 2, earningsLoop: "500.00000000", earningsUsd: "0.00" });
    // Earnings at the platform's rate: $3.00 by card beats 500 LOOP ($1.00).
    const byEarnings = myLoopsPageSchema.parse((await maker.browser.get("/api/profile/loops?sort=earnings&limit=2").expect(200)).body);
    expect(byEarnings.loops.map((loop) => loop.id)).toEqual([ids[7], ids[3]]);
    const ascending = await walk(
      "/api/profile/loops?sort=plays&order=asc&limit=100",
      (cursor) => `/api/profile/loops?sort=plays&order=asc&limit=100&after=${cursor}`,
    );
    expect(ascending.slice(-2)).toEqual([ids[3], ids[7]]);
    expect(new Set(ascending).size).toBe(151);

    const bad = async (query: string) => (await maker.browser.get(`/api/profile/loops${query}`).expect(400)).body.message;
    expect(await bad("?sort=likes")).toBe(MY_LOOPS_MESSAGES.sort);
    expect(await bad("?limit=101")).toBe(MY_LOOPS_MESSAGES.limit);
    expect(await bad(`?sort=plays&after=${byPlays.nextCursor}&order=asc`)).toBe(MY_LOOPS_MESSAGES.after);
    await request(t.app).get("/api/profile/loops").expect(401);
  });

  it("bulk actions change each of the creator's loops and refuse the others one by one", async () => {
    const mine = [
      await insertLoopRow(t.db.prisma, { userId: creator.id, title: "Bulk A" }),
      await insertLoopRow(t.db.prisma, { userId: creator.id, title: "Bulk B" }),
    ];
    const theirs = await insertLoopRow(t.db.prisma, { userId: buyer.id, title: "Not Yours" });
    const answer = await creator.browser
      .post("/api/loops/bulk")
      .send({ loopIds: [...mine, theirs], action: "make_private" })
      .expect(200);
    expect(answer.body.results).toEqual([
      { id: mine[0], ok: true, message: null },
      { id: mine[1], ok: true, message: null },
      { id: theirs, ok: false, message: LOOP_EDIT_MESSAGES.notYours },
    ]);
    expect(await catalogIds()).not.toContain(mine[0]);
    expect(await catalogIds()).toContain(theirs);
    await creator.browser.post("/api/loops/bulk").send({ loopIds: mine, action: "take_down" }).expect(200);
    expect((await t.db.prisma.loop.findMany({ where: { id: { in: mine } } })).map((loop) => loop.status)).toEqual(["removed", "removed"]);
    expect((await creator.browser.post("/api/loops/bulk").send({ loopIds: [], action: "take_down" }).expect(400)).body.message).toBe(
      MY_LOOPS_MESSAGES.loopIds,
    );
    expect((await creator.browser.post("/api/loops/bulk").send({ loopIds: mine, action: "delete" }).expect(400)).body.message).toBe(
      MY_LOOPS_MESSAGES.action,
    );
  });

  it("a failed upload is processed again on request; a ready one is refused", async () => {
    const failed = await insertLoopRow(t.db.prisma, {
      userId: creator.id,
      title: "Broken",
      status: "failed",
      failureReason: "Processing failed 3 times",
    });
    const retried = await creator.browser.post(`/api/loops/${failed}/retry`).expect(200);
    expect(retried.body).toMatchObject({ id: failed, status: "processing", failureReason: null });
    // My Loops says it waits for a worker (no worker runs in this file).
    const table = myLoopsPageSchema.parse((await creator.browser.get("/api/profile/loops?limit=100").expect(200)).body);
    expect(table.loops.find((loop) => loop.id === failed)).toMatchObject({ status: "processing", processingStage: "queued" });
    expect(table.loops.find((loop) => loop.status === "ready")).toMatchObject({ processingStage: null });
    const jobs = await t.db.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "app"."jobs" WHERE "payload"->>'loopId' = ${failed}`;
    expect(jobs[0]!.n).toBe(1);
    const ready = await insertLoopRow(t.db.prisma, { userId: creator.id, title: "Fine" });
    expect((await creator.browser.post(`/api/loops/${ready}/retry`).expect(409)).body.message).toBe(LOOP_EDIT_MESSAGES.notFailed);
  });
});
