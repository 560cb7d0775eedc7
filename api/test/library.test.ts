// The buyer's library (issue 37): every purchase and free download of a member, newest first, with
// the loop even once it is hidden, and a refunded purchase kept without its download; cursor paging,
// filters, one entry by id, the receipt sent again, and another member's entries out of reach.
import { randomUUID } from "node:crypto";
import {
  LIBRARY_MESSAGES,
  LIBRARY_REFUND_REASONS,
  libraryEntrySchema,
  libraryPageSchema,
  type LibraryEntry,
} from "@loop/rules/schemas/library";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { postWithKey } from "./support/api-calls";
import { insertDownloadableLoop } from "./support/listed-loop";
import { signInAdmin, signInMember, type Member } from "./support/members";
import { decodeQuotedPrintable } from "./support/smtp";
import type { TestApp } from "./support/test-app";
import { ledgerCheckedAppWithSmtp, type SmtpServer } from "./support/suite-app";

describe("the buyer's library", () => {
  let t: TestApp;
  let smtp: SmtpServer;
  let creator: Member;
  let buyer: Member;
  let buyerEmail: string;
  let admin: Member;
  const loops = { hidden: "", refunded: "", free: "" };
  const licences = { hidden: "", refunded: "", free: "" };

  ledgerCheckedAppWithSmtp((app, mail) => {
    t = app;
    smtp = mail;
  });

  const library = async (as: Member, query = "") =>
    libraryPageSchema.parse((await as.browser.get(`/api/library${query}`).expect(200)).body);
  const titles = (entries: LibraryEntry[]) => entries.map((entry) => entry.loop.title);
  const fetchFile = async (as: Member, loopId: string, format: string) => {
    const link = await as.browser.get(`/api/loops/${loopId}/download?format=${format}`);
    if (link.status !== 200) return link.status;
    return (await request(t.app).get(link.body.downloadUrl as string)).status;
  };

  beforeAll(async () => {
    const suffix = randomUUID().slice(0, 8);
    creator = await signInMember(t, `creator-${suffix}@example.com`);
    buyerEmail = `buyer-${suffix}@example.com`;
    buyer = await signInMember(t, { email: buyerEmail, funds: 10000n });
    admin = await signInAdmin(t);
    loops.hidden = await insertDownloadableLoop(t, {
      userId: creator.id,
      title: "Velvet Hours",
      priceCents: 499,
      previewKey: "previews/velvet.mp3",
      peaksKey: "peaks/velvet.json",
      durationMs: 12_000,
    });
    await t.storage.put("previews/velvet.mp3", Buffer.from("preview of Velvet Hours"));
    await t.storage.put("peaks/velvet.json", Buffer.from(JSON.stringify({ points: 1, peaks: [[-0.5, 0.5]] })));
    loops.refunded = await insertDownloadableLoop(t, { userId: creator.id, title: "Copper Sky", priceCents: 299 });
    loops.free = await insertDownloadableLoop(t, { userId: creator.id, title: "Open Field", priceCents: 0, isFree: true });

    // Oldest first: the hidden loop's purchase, the refunded one's, then the free download.
    const first = await postWithKey(buyer.browser, "/api/purchases", { loopId: loops.hidden, format: "mp3", paymentMethod: "loop" }).expect(
      201,
    );
    licences.hidden = first.body.licenceId;
    const second = await postWithKey(buyer.browser, "/api/purchases", {
      loopId: loops.refunded,
      format: "wav",
      paymentMethod: "loop",
    }).expect(201);
    licences.refunded = second.body.licenceId;
    expect(await fetchFile(buyer, loops.free, "mp3")).toBe(200);
    licences.free = (
      await t.db.prisma.licence.findUniqueOrThrow({
        where: { downloadLoopId_downloadUserId: { downloadLoopId: loops.free, downloadUserId: buyer.id } },
      })
    ).id;

    // The admin hides one; the other purchase is refunded (as the escrow's Refunded event leaves it).
    await admin.browser.put(`/api/admin/loops/${loops.hidden}/moderation`).send({ hidden: true, reason: "Reported sample" }).expect(200);
    await t.db.prisma.purchase.update({ where: { id: second.body.id }, data: { refundedAt: new Date(), refundRef: "0xrefund" } });
  });

  it("lists every purchase and free download, newest first, with the loop and seller as they are now", async () => {
    const page = await library(buyer);
    expect(titles(page.entries)).toEqual(["Open Field", "Copper Sky", "Velvet Hours"]);
    expect(page.nextCursor).toBeNull();
    const [free, refunded, hidden] = page.entries;
    expect(free).toMatchObject({ id: licences.free, kind: "free", method: "free", format: "mp3", canDownload: true, refund: null });
    expect(hidden).toMatchObject({
      id: licences.hidden,
      kind: "purchase",
      method: "loop",
      format: "mp3",
      price: "4.99",
      loopAmount: expect.stringMatching(/^\d+\.\d{8}$/),
      licence: { id: licences.hidden, status: "valid", url: `/licences/${licences.hidden}` },
      loop: { id: loops.hidden, title: "Velvet Hours", listed: false, duration: 12, audioFileUrl: `/api/loops/${loops.hidden}/preview` },
      seller: { id: creator.id },
      canDownload: true,
      refund: null,
    });
    expect(refunded).toMatchObject({
      kind: "purchase",
      format: "wav",
      licence: { status: "revoked" },
      refund: { reason: "escrow", message: LIBRARY_REFUND_REASONS.escrow },
      canDownload: false,
    });
  });

  it("keeps a hidden loop playable and downloadable for its buyer only", async () => {
    await buyer.browser.get(`/api/loops/${loops.hidden}/preview`).expect(200);
    await buyer.browser.get(`/api/loops/${loops.hidden}/peaks`).expect(200);
    expect(await fetchFile(buyer, loops.hidden, "mp3")).toBe(200);
    const stranger = await signInMember(t);
    await stranger.browser.get(`/api/loops/${loops.hidden}/preview`).expect(404);
    await request(t.app).get(`/api/loops/${loops.hidden}/peaks`).expect(404);
  });

  it("gives a refunded purchase no download", async () => {
    expect(await fetchFile(buyer, loops.refunded, "wav")).toBe(403);
  });

  it("keeps a free download's format its downloader's once the loop is paid", async () => {
    await creator.browser.patch(`/api/loops/${loops.free}`).send({ price: 199 }).expect(200);
    const [free] = (await library(buyer, "?kind=free")).entries;
    expect(free).toMatchObject({ id: licences.free, canDownload: true });
    expect(await fetchFile(buyer, loops.free, "mp3")).toBe(200);
    // The other format was never taken: it is bought now.
    expect(await fetchFile(buyer, loops.free, "wav")).toBe(403);
  });

  it("filters by kind, format and text", async () => {
    expect(titles((await library(buyer, "?kind=purchased")).entries)).toEqual(["Copper Sky", "Velvet Hours"]);
    expect(titles((await library(buyer, "?kind=free")).entries)).toEqual(["Open Field"]);
    expect(titles((await library(buyer, "?format=wav")).entries)).toEqual(["Copper Sky"]);
    expect(titles((await library(buyer, "?search=velvet")).entries)).toEqual(["Velvet Hours"]);
    expect(titles((await library(buyer, "?search=100%25")).entries)).toEqual([]);
    const byCreator = (await creator.browser.get("/api/auth/user").expect(200)).body.username as string;
    expect(titles((await library(buyer, `?search=${encodeURIComponent(byCreator)}`)).entries)).toHaveLength(3);
  });

  it("pages with a cursor, each entry once", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await library(buyer, `?limit=1${after ? `&after=${after}` : ""}`);
      seen.push(...titles(page.entries));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual(["Open Field", "Copper Sky", "Velvet Hours"]);
  });

  it("refuses bad filters with the schema's messages", async () => {
    const bad = async (query: string) => (await buyer.browser.get(`/api/library${query}`).expect(400)).body.message;
    expect(await bad("?kind=everything")).toBe(LIBRARY_MESSAGES.kind);
    expect(await bad("?format=flac")).toBe(LIBRARY_MESSAGES.format);
    expect(await bad("?limit=0")).toBe(LIBRARY_MESSAGES.limit);
    expect(await bad("?limit=101")).toBe(LIBRARY_MESSAGES.limit);
    expect(await bad(`?search=${"x".repeat(201)}`)).toBe(LIBRARY_MESSAGES.search);
    expect(await bad("?after=not-a-cursor")).toBe(LIBRARY_MESSAGES.after);
    await request(t.app).get("/api/library").expect(401);
  });

  it("answers one entry to its owner, and nothing to anyone else", async () => {
    const entry = libraryEntrySchema.parse((await buyer.browser.get(`/api/library/${licences.hidden}`).expect(200)).body);
    expect(entry).toMatchObject({ id: licences.hidden, loop: { title: "Velvet Hours" } });
    const stranger = await signInMember(t);
    expect((await stranger.browser.get(`/api/library/${licences.hidden}`).expect(404)).body.message).toBe(LIBRARY_MESSAGES.notFound);
    await stranger.browser.get("/api/library/not-a-uuid").expect(404);
    expect((await library(stranger)).entries).toEqual([]);
    await stranger.browser.post(`/api/library/${licences.hidden}/receipt`).expect(404);
  });

  it("e-mails a purchase's receipt again, linking to the library entry; a free download has none", async () => {
    const before = smtp.inbox.length;
    const sent = await buyer.browser.post(`/api/library/${licences.hidden}/receipt`).expect(200);
    expect(sent.body).toEqual({ sentTo: buyerEmail });
    const receipt = decodeQuotedPrintable((await smtp.mailTo(buyerEmail)).raw);
    expect(smtp.inbox.length).toBe(before + 1);
    expect(receipt).toContain("Velvet Hours");
    expect(receipt).toContain(`download it again any time from your library: http://localhost:5173/library?entry=${licences.hidden}`);
    expect(receipt).toMatch(/\/api\/downloads\/[A-Za-z0-9_.-]+/);
    const free = await buyer.browser.post(`/api/library/${licences.free}/receipt`).expect(400);
    expect(free.body.message).toBe(LIBRARY_MESSAGES.receiptFree);
  });

  it("lists a member with many purchases through every page", async () => {
    const collector = await signInMember(t, { funds: 100000n });
    for (let index = 0; index < 30; index++) {
      const id = await insertDownloadableLoop(t, { userId: creator.id, title: `Crate ${String(index).padStart(2, "0")}`, priceCents: 100 });
      await postWithKey(collector.browser, "/api/purchases", { loopId: id, format: "mp3", paymentMethod: "loop" }).expect(201);
    }
    const first = await library(collector);
    expect(first.entries).toHaveLength(24);
    expect(first.entries[0]!.loop.title).toBe("Crate 29");
    const second = await library(collector, `?after=${first.nextCursor}`);
    expect(titles(second.entries)).toEqual(["Crate 05", "Crate 04", "Crate 03", "Crate 02", "Crate 01", "Crate 00"]);
    expect(second.nextCursor).toBeNull();
  });
});
