import { randomUUID } from "node:crypto";
import { DOWNLOAD_LINK_TTL_MS, DOWNLOAD_MESSAGES, EMAIL_DOWNLOAD_LINK_TTL_MS, downloadLinkSchema } from "@loop/rules/schemas/downloads";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { signDownloadToken } from "../src/features/downloads/download-token";
import { downloadSigningKey } from "../src/features/downloads/signing-secret";
import { createGenre, insertDownloadableLoop, type LoopRow } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { binary } from "./support/binary-body";
import { createTestApp, type TestApp } from "./support/test-app";

describe("downloads: GET /api/loops/:id/download and GET /api/downloads/:token", () => {
  let t: TestApp;
  let genre: number;
  let creator: { browser: Browser; id: string };
  let buyer: { browser: Browser; id: string };
  let other: { browser: Browser; id: string };
  const ids: Record<string, string> = {};
  const mp3 = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
  const wav = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 3) % 256));

  /** A processed loop of the creator, with its MP3 and WAV in storage. */
  async function insertLoop(name: string, data: Partial<LoopRow> = {}) {
    const id = await insertDownloadableLoop(
      t,
      { userId: creator.id, genreId: genre, title: name, priceCents: 1250, ...data },
      { mp3, wav },
    );
    ids[name] = id;
    return id;
  }

  const buy = (loop: string, buyerId: string, format: "mp3" | "wav") =>
    t.db.prisma.purchase.create({ data: { loopId: ids[loop]!, buyerId, format, priceCents: 1250, feeCents: 25, method: "test" } });

  const link = (as: Browser, loop: string, format?: string) =>
    as.get(`/api/loops/${ids[loop] ?? loop}/download${format ? `?format=${format}` : ""}`);
  const downloadCount = async (loop: string) => (await t.db.prisma.loop.findUniqueOrThrow({ where: { id: ids[loop]! } })).downloadCount;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genre = await createGenre(t.db.prisma, "House");
    [creator, buyer, other] = [await signInMember(t), await signInMember(t), await signInMember(t)];
    await insertLoop("Paid Loop");
    await insertLoop("Free Loop", { isFree: true, priceCents: 0 });
    await insertLoop("Hidden Bought", { isPublic: false });
    await insertLoop("Déjà Vu / Night! (Remix)");
    await insertLoop("Still Processing", { status: "processing", mp3Key: null, wavKey: null });
    await buy("Paid Loop", buyer.id, "mp3");
    await buy("Hidden Bought", buyer.id, "wav");
  });
  afterAll(() => t.close());

  it("401 when signed out", async () => {
    const response = await request(t.app).get(`/api/loops/${ids["Free Loop"]}/download`).expect(401);
    expect(response.body).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("the creator downloads any format: an attachment named after the title, with type and length; not counted", async () => {
    for (const [format, bytes, type] of [
      ["mp3", mp3, "audio/mpeg"],
      ["wav", wav, "audio/wav"],
    ] as const) {
      const response = await link(creator.browser, "Paid Loop", format).expect(200);
      const body = downloadLinkSchema.parse(response.body);
      expect(body.filename).toBe(`paid-loop.${format}`);
      expect(body.downloadUrl).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const file = await request(t.app).get(body.downloadUrl).buffer(true).parse(binary).expect(200);
      expect(file.headers["content-type"]).toBe(type);
      expect(file.headers["content-length"]).toBe(String(bytes.length));
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="paid-loop.${format}"`);
      expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    }
    expect(await downloadCount("Paid Loop")).toBe(0);
    expect(await t.db.prisma.loopDownload.count()).toBe(0);
  });

  it("a safe file name from any title", async () => {
    const response = await link(creator.browser, "Déjà Vu / Night! (Remix)").expect(200);
    expect(response.body.filename).toBe("deja-vu-night-remix.mp3");
  });

  it("403 for another user's paid loop", async () => {
    for (const format of ["mp3", "wav", undefined]) {
      const response = await link(other.browser, "Paid Loop", format).expect(403);
      expect(response.body).toEqual({ message: "Purchase Required: Buy this loop to download it.", code: "PURCHASE_REQUIRED" });
    }
  });

  it("a buyer downloads the format bought, and gets 403 for the other", async () => {
    const allowed = await link(buyer.browser, "Paid Loop", "mp3").expect(200);
    expect(allowed.body.filename).toBe("paid-loop.mp3");
    const wrong = await link(buyer.browser, "Paid Loop", "wav").expect(403);
    expect(wrong.body).toEqual({ message: DOWNLOAD_MESSAGES.formatNotPurchased, code: "FORMAT_NOT_PURCHASED" });
    // Without a format: the one bought.
    expect((await link(buyer.browser, "Paid Loop").expect(200)).body.filename).toBe("paid-loop.mp3");
    expect((await link(buyer.browser, "Hidden Bought").expect(200)).body.filename).toBe("hidden-bought.wav");
  });

  it("a loop hidden after the purchase stays downloadable by its buyer, and unknown to others", async () => {
    const response = await link(buyer.browser, "Hidden Bought", "wav").expect(200);
    await request(t.app).get(response.body.downloadUrl).expect(200);
    expect((await link(other.browser, "Hidden Bought", "wav").expect(404)).body).toEqual({
      message: "Loop Not Found",
      code: "LOOP_NOT_FOUND",
    });
  });

  it("anyone signed in downloads a free loop in both formats", async () => {
    for (const format of ["mp3", "wav"]) {
      const response = await link(other.browser, "Free Loop", format).expect(200);
      expect(response.body.filename).toBe(`free-loop.${format}`);
    }
  });

  it("counts a download once per user and loop, when the link is fetched", async () => {
    const before = await downloadCount("Free Loop");
    const first = await link(other.browser, "Free Loop", "mp3").expect(200);
    expect(await downloadCount("Free Loop")).toBe(before);
    await request(t.app).get(first.body.downloadUrl).expect(200);
    await request(t.app).get(first.body.downloadUrl).expect(200);
    const again = await link(other.browser, "Free Loop", "wav").expect(200);
    await request(t.app).get(again.body.downloadUrl).expect(200);
    expect(await downloadCount("Free Loop")).toBe(before + 1);
    // Another user fetching the same link several times at once still counts once.
    const third = await signInMember(t);
    const theirs = await link(third.browser, "Free Loop").expect(200);
    await Promise.all(Array.from({ length: 6 }, () => request(t.app).get(theirs.body.downloadUrl).expect(200)));
    expect(await downloadCount("Free Loop")).toBe(before + 2);
    expect(
      await t.db.prisma.loopDownload.findUnique({ where: { loopId_userId: { loopId: ids["Free Loop"]!, userId: third.id } } }),
    ).toMatchObject({ format: "mp3" });
    // And the public loop shows it.
    expect((await request(t.app).get(`/api/loops/${ids["Free Loop"]}`).expect(200)).body.downloadCount).toBe(before + 2);
  });

  it("410 for an expired link", async () => {
    const key = await downloadSigningKey(t.db.prisma, t.config)();
    const expired = signDownloadToken(key, { loopId: ids["Free Loop"]!, format: "mp3", userId: other.id, expiresAt: Date.now() - 1000 });
    const response = await request(t.app).get(`/api/downloads/${expired}`).expect(410);
    expect(response.body).toEqual({ message: "Download Link Expired: Request a new download.", code: "DOWNLOAD_LINK_EXPIRED" });
    // A fresh link is valid for 15 minutes.
    const fresh = signDownloadToken(key, {
      loopId: ids["Free Loop"]!,
      format: "mp3",
      userId: other.id,
      expiresAt: Date.now() + DOWNLOAD_LINK_TTL_MS,
    });
    await request(t.app).get(`/api/downloads/${fresh}`).expect(200);
  });

  it("403 for a tampered link", async () => {
    const { body } = await link(buyer.browser, "Paid Loop", "mp3").expect(200);
    const token = (body.downloadUrl as string).slice("/api/downloads/".length);
    const [payload, signature] = token.split(".") as [string, string];
    // The buyer swaps the format for the one not bought, keeping the signature.
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const swapped = Buffer.from(JSON.stringify({ ...decoded, f: "wav" })).toString("base64url");
    const forged = signDownloadToken("x".repeat(40), {
      loopId: ids["Paid Loop"]!,
      format: "wav",
      userId: buyer.id,
      expiresAt: Date.now() + 60_000,
    });
    for (const bad of [
      `${swapped}.${signature}`,
      forged,
      `${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
      "nonsense",
      `${payload}.`,
    ]) {
      const response = await request(t.app).get(`/api/downloads/${bad}`).expect(403);
      expect(response.body).toEqual({
        message: "Invalid Download Link: This link is not valid. Request a new download.",
        code: "DOWNLOAD_LINK_INVALID",
      });
    }
  });

  it("400 for an unknown format, 404 for an unknown loop, 409 while processing", async () => {
    expect((await link(creator.browser, "Paid Loop", "flac").expect(400)).body).toMatchObject({
      message: "Invalid Format: Choose mp3 or wav.",
    });
    expect((await link(creator.browser, randomUUID()).expect(404)).body).toEqual({ message: "Loop Not Found", code: "LOOP_NOT_FOUND" });
    await link(creator.browser, "not-a-uuid").expect(404);
    expect((await link(creator.browser, "Still Processing").expect(409)).body).toEqual({
      message: DOWNLOAD_MESSAGES.notReady,
      code: "DOWNLOAD_NOT_READY",
    });
    await link(other.browser, "Still Processing").expect(404);
  });

  it("the key is DOWNLOAD_SIGNING_SECRET when set (at least 32 characters), else one generated and kept in the database", async () => {
    const stored = await t.db.prisma.serverSecret.findUniqueOrThrow({ where: { name: "download-signing" } });
    expect(stored.value.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ DOWNLOAD_SIGNING_SECRET: "short" })).toThrow(/DOWNLOAD_SIGNING_SECRET must be at least 32 characters/);
    const secret = "s".repeat(40);
    const configured = await createTestApp({ db: t.db, env: { DOWNLOAD_SIGNING_SECRET: secret } });
    try {
      const grant = { loopId: ids["Free Loop"]!, format: "mp3" as const, userId: other.id, expiresAt: Date.now() + 60_000 };
      await configured.storage.put(`loops/${ids["Free Loop"]}/full.mp3`, mp3);
      await request(configured.app)
        .get(`/api/downloads/${signDownloadToken(secret, grant)}`)
        .expect(200);
      await request(configured.app)
        .get(`/api/downloads/${signDownloadToken(stored.value, grant)}`)
        .expect(403);
      await request(t.app)
        .get(`/api/downloads/${signDownloadToken(secret, grant)}`)
        .expect(403);
    } finally {
      await configured.close();
    }
  });

  it("links issued before an arbiter's refund stop working (403), the e-mailed ones too; bought again, they work again", async () => {
    const refundedBuyer = await signInMember(t);
    await insertLoop("Refunded Loop");
    const purchase = await buy("Refunded Loop", refundedBuyer.id, "mp3");
    const issued = downloadLinkSchema.parse((await link(refundedBuyer.browser, "Refunded Loop", "mp3").expect(200)).body);
    const key = await downloadSigningKey(t.db.prisma, t.config)();
    const grant = {
      loopId: ids["Refunded Loop"]!,
      format: "mp3" as const,
      userId: refundedBuyer.id,
      expiresAt: Date.now() + EMAIL_DOWNLOAD_LINK_TTL_MS,
    };
    const emailed = `/api/downloads/${signDownloadToken(key, grant)}`;
    await request(t.app).get(issued.downloadUrl).expect(200);
    expect(await downloadCount("Refunded Loop")).toBe(1);

    // What settlement's Refunded handler does to the purchase (handlers/refunded.ts).
    await t.db.prisma.purchase.update({ where: { id: purchase.id }, data: { refundedAt: new Date(), refundRef: `0x${"ab".repeat(32)}` } });
    for (const url of [issued.downloadUrl, emailed]) {
      const refused = await request(t.app).get(url).expect(403);
      expect(refused.body).toMatchObject({
        message: "Purchase Refunded: This purchase was refunded, so it can no longer be downloaded. Buy the loop again to download it.",
      });
      await request(t.app).head(url).expect(403);
    }
    expect((await link(refundedBuyer.browser, "Refunded Loop").expect(403)).body).toEqual({
      message: DOWNLOAD_MESSAGES.refunded,
      code: "PURCHASE_REFUNDED",
    });
    // Hidden since: still told why rather than "not found".
    await t.db.prisma.loop.update({ where: { id: ids["Refunded Loop"]! }, data: { status: "hidden" } });
    expect((await request(t.app).get(emailed).expect(403)).body).toEqual({
      message: DOWNLOAD_MESSAGES.refunded,
      code: "PURCHASE_REFUNDED",
    });
    await t.db.prisma.loop.update({ where: { id: ids["Refunded Loop"]! }, data: { status: "ready" } });
    expect(await downloadCount("Refunded Loop")).toBe(1);

    // The right, not the link, decides: a new purchase of the format makes the same link work again.
    await buy("Refunded Loop", refundedBuyer.id, "mp3");
    await request(t.app).get(emailed).expect(200);
    // The creator's links never depended on a purchase.
    const own = downloadLinkSchema.parse((await link(creator.browser, "Refunded Loop", "wav").expect(200)).body);
    await request(t.app).get(own.downloadUrl).expect(200);
  });

  it("a free loop's links stop working for others once it is made paid or taken off the catalog", async () => {
    await insertLoop("Was Free", { isFree: true, priceCents: 0 });
    const taker = await signInMember(t);
    const first = downloadLinkSchema.parse((await link(taker.browser, "Was Free").expect(200)).body);
    const second = downloadLinkSchema.parse((await link(taker.browser, "Was Free", "wav").expect(200)).body);
    await t.db.prisma.loop.update({ where: { id: ids["Was Free"]! }, data: { isFree: false, priceCents: 500 } });
    expect((await request(t.app).get(first.downloadUrl).expect(403)).body).toEqual({
      message: DOWNLOAD_MESSAGES.purchaseRequired,
      code: "PURCHASE_REQUIRED",
    });
    await t.db.prisma.loop.update({ where: { id: ids["Was Free"]! }, data: { isFree: true, priceCents: 0, isPublic: false } });
    expect((await request(t.app).get(second.downloadUrl).expect(404)).body).toEqual({ message: "Loop Not Found", code: "LOOP_NOT_FOUND" });
  });

  it("a link of a user banned since is refused", async () => {
    const banned = await signInMember(t);
    const { body } = await link(banned.browser, "Free Loop").expect(200);
    await t.db.prisma.user.update({ where: { id: banned.id }, data: { isBanned: true, banReason: "spam" } });
    await request(t.app).get(body.downloadUrl).expect(403);
  });
});
