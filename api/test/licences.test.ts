// Licences (issue 24, docs/licence.md): every purchase — free, in-app LOOP, card, PayPal, from a wallet
// on chain — answers its licenceId; GET /api/licences/:id shows anyone the licence's facts (a
// snapshot of the purchase's time) and whether it is valid, "revoked" with the date once the purchase
// is refunded on chain or reversed by the provider; the buyer (or the e-mail's signed link) gets the
// PDF with the verification address and a QR code of it. No purchase ever exists without its licence.
// A free loop's download (no purchase) has one too: method free, purchaseId null, always valid.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { FORMAT_CODES } from "@loop/contracts/quote";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { downloadLinkSchema, type DeliveryFormat } from "@loop/rules/schemas/downloads";
import { fiatPurchaseStatusSchema, paypalOrderSchema } from "@loop/rules/schemas/fiat-payments";
import { LICENCE_MESSAGES, LICENCE_VERSION, licenceSchema, licenceSummaryListSchema } from "@loop/rules/schemas/licences";
import { purchaseSchema, type Purchase } from "@loop/rules/schemas/purchases";
import request from "supertest";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import type { IndexedEvent } from "../src/features/settlement/settlement-handler";
import { purchasedHandler } from "../src/features/settlement/handlers/purchased";
import { refundedHandler } from "../src/features/settlement/handlers/refunded";
import { paypalEnv, startFakePaypal, type FakePaypal } from "./fakes/fake-paypal";
import { startFakeStripe, stripeEnv, type FakeStripe } from "./fakes/fake-stripe";
import { binary } from "./support/binary-body";
import { openPaymentIntent, saveCard } from "./support/card-payments";
import { insertDownloadableLoop } from "./support/listed-loop";
import { fundMember, signInMember, type Member } from "./support/members";
import { decodeQuotedPrintable, startSmtpServer } from "./support/smtp";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** What a free download's licence says whatever the loop and the member: valid, nothing paid, on no chain. */
const FREE_LICENCE = {
  version: LICENCE_VERSION,
  status: "valid",
  revokedAt: null,
  price: "0.00",
  fee: "0.00",
  total: "0.00",
  loopAmount: null,
  method: "free",
  chain: null,
  ownedByMe: false,
} as const;

describe("licences", () => {
  let t: TestApp;
  let smtp: Smtp;
  let stripe: FakeStripe;
  let paypal: FakePaypal;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    stripe = await startFakeStripe();
    paypal = await startFakePaypal();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...stripeEnv(stripe), ...paypalEnv(paypal) } });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
    // Whatever the flow, no purchase is left without its licence.
    const orphans = await t.db.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS "n" FROM "app"."purchases" p WHERE NOT EXISTS (SELECT 1 FROM "app"."licences" l WHERE l."purchase_id" = p."id")`;
    expect(orphans[0]!.n).toBe(0n);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await stripe.close();
    await paypal.close();
  });

  const word = () => randomUUID().slice(0, 6);
  async function listedLoop(sellerId: string, priceCents: number, title = `Licensed ${word()}`) {
    const id = await insertDownloadableLoop(t, { userId: sellerId, title, priceCents, isFree: priceCents === 0 });
    return { id, title };
  }
  const anonymous = () => request(t.app);
  const publicLicence = async (id: string) => licenceSchema.parse((await anonymous().get(`/api/licences/${id}`).expect(200)).body);
  const pdfOf = (as: ReturnType<typeof request> | Member["browser"], path: string) => as.get(path).buffer(true).parse(binary);
  async function pdfText(body: Buffer): Promise<string> {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
    return text;
  }

  it("a free download and an in-app LOOP purchase each answer a licence that anyone can verify, with the purchase's facts", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, `buyer-${randomUUID()}@example.com`);
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { username: `beats_${word()}`, firstName: "Ada", lastName: "Loop" } });
    const sellerRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } });
    const buyerRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
    const free = await listedLoop(seller.id, 0);
    const paid = await listedLoop(seller.id, 499);
    await fundMember(t, buyer.id, "3000");

    const freePurchase = purchaseSchema.parse(
      (await buyer.browser.post("/api/purchases").send({ loopId: free.id, format: "mp3" }).expect(201)).body,
    );
    const paidPurchase = purchaseSchema.parse(
      (await buyer.browser.post("/api/purchases").send({ loopId: paid.id, format: "wav", paymentMethod: "loop" }).expect(201)).body,
    );
    expect(freePurchase.licenceId).not.toBe(paidPurchase.licenceId);

    // Signed out, anyone reads them.
    const freeLicence = await publicLicence(freePurchase.licenceId);
    expect(freeLicence).toEqual({
      ...FREE_LICENCE,
      id: freePurchase.licenceId,
      issuedAt: freePurchase.createdAt,
      loop: { id: free.id, title: free.title },
      creator: { id: seller.id, username: sellerRow.username, name: "Ada Loop" },
      buyer: { id: buyer.id, username: buyerRow.username },
      format: "mp3",
      purchaseId: freePurchase.id,
      verifyUrl: `/licences/${freePurchase.licenceId}`,
    });
    const paidLicence = await publicLicence(paidPurchase.licenceId);
    expect(paidLicence).toMatchObject({
      status: "valid",
      loop: { id: paid.id, title: paid.title },
      format: "wav",
      price: "4.99",
      fee: "0.20",
      total: "5.19",
      loopAmount: "2595.00000000",
      method: "loop",
      purchaseId: paidPurchase.id,
      chain: null,
    });
    // No e-mail address anywhere in the public answer.
    expect(JSON.stringify(paidLicence)).not.toContain("@example.com");
    // The buyer sees it is theirs; another member does not.
    expect((await buyer.browser.get(`/api/licences/${paidPurchase.licenceId}`).expect(200)).body.ownedByMe).toBe(true);
    const other = await signInMember(t);
    expect((await other.browser.get(`/api/licences/${paidPurchase.licenceId}`).expect(200)).body.ownedByMe).toBe(false);

    // The purchase's facts are a snapshot: renaming the loop, or the creator's name, later changes none of
    // them; the members are named by their accounts, with their usernames as they are now.
    await t.db.prisma.loop.update({ where: { id: paid.id }, data: { title: "Renamed later" } });
    const renamed = `renamed_${word()}`;
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { username: renamed, firstName: "Someone" } });
    expect(await publicLicence(paidPurchase.licenceId)).toEqual({
      ...paidLicence,
      creator: { id: seller.id, username: renamed, name: "Ada Loop" },
    });

    // The Download menu's list: the buyer's licences of that loop.
    const listed = licenceSummaryListSchema.parse((await buyer.browser.get(`/api/licences?loopId=${paid.id}`).expect(200)).body);
    expect(listed).toEqual([
      { id: paidPurchase.licenceId, format: "wav", status: "valid", purchaseId: paidPurchase.id, issuedAt: paidPurchase.createdAt },
    ]);
    expect((await other.browser.get(`/api/licences?loopId=${paid.id}`).expect(200)).body).toEqual([]);
    await anonymous().get(`/api/licences?loopId=${paid.id}`).expect(401);
    const bad = await buyer.browser.get("/api/licences?loopId=nope").expect(400);
    expect(bad.body).toMatchObject({ message: LICENCE_MESSAGES.loopId });

    // The receipt names the licence: its public page, and its PDF by a signed link that needs no session.
    const receipt = decodeQuotedPrintable((await smtp.mailTo(buyerRow.email!)).raw);
    const verifyUrl = `${APP_ORIGIN}/licences/${paidPurchase.licenceId}`;
    expect(receipt).toContain(verifyUrl);
    const pdfLink = new URL(receipt.match(/https?:\/\/\S+\/api\/licences\/[0-9a-f-]+\/pdf\?token=[A-Za-z0-9_%.-]+/)![0]);
    const mailed = await pdfOf(anonymous(), `${pdfLink.pathname}${pdfLink.search}`).expect(200);
    expect(mailed.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(mailed.body as Buffer)).toContain(verifyUrl);
    // A changed token is refused; the token of one licence opens no other.
    const token = pdfLink.searchParams.get("token")!;
    const forged = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
    expect((await anonymous().get(`${pdfLink.pathname}?token=${forged}`).expect(403)).body).toMatchObject({
      message: LICENCE_MESSAGES.invalidLink,
    });
    await anonymous()
      .get(`/api/licences/${freePurchase.licenceId}/pdf?token=${encodeURIComponent(token)}`)
      .expect(403);
  });

  it("a handle given up and taken by another member never shows on a licence: the page and the PDF name the accounts as they are now", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const [oldBuyerHandle, oldSellerHandle] = [`keeper_${word()}`, `maker_${word()}`];
    await t.db.prisma.user.update({ where: { id: buyer.id }, data: { username: oldBuyerHandle } });
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { username: oldSellerHandle } });
    const loop = await listedLoop(seller.id, 0);
    const purchase = purchaseSchema.parse(
      (await buyer.browser.post("/api/purchases").send({ loopId: loop.id, format: "mp3" }).expect(201)).body,
    );
    expect((await publicLicence(purchase.licenceId)).buyer).toEqual({ id: buyer.id, username: oldBuyerHandle });

    // Both rename themselves (PUT /api/profile), and newcomers take the old handles.
    const [newBuyerHandle, newSellerHandle] = [`moved_${word()}`, `moved_${word()}`];
    await buyer.browser.put("/api/profile").send({ username: newBuyerHandle }).expect(200);
    await seller.browser.put("/api/profile").send({ username: newSellerHandle }).expect(200);
    const [squatter, squatter2] = [await signInMember(t), await signInMember(t)];
    await squatter.browser.put("/api/profile").send({ username: oldBuyerHandle }).expect(200);
    await squatter2.browser.put("/api/profile").send({ username: oldSellerHandle }).expect(200);

    const licence = await publicLicence(purchase.licenceId);
    expect(licence.buyer).toEqual({ id: buyer.id, username: newBuyerHandle });
    expect(licence.creator).toMatchObject({ id: seller.id, username: newSellerHandle });
    expect(JSON.stringify(licence)).not.toContain(squatter.id);
    // The newcomer is not its owner either.
    expect((await squatter.browser.get(`/api/licences/${purchase.licenceId}`).expect(200)).body.ownedByMe).toBe(false);
    const text = await pdfText((await pdfOf(buyer.browser, `/api/licences/${purchase.licenceId}/pdf`).expect(200)).body as Buffer);
    expect(text).toContain(`@${newBuyerHandle}, account ${buyer.id}`);
    expect(text).toContain(`@${newSellerHandle}, account ${seller.id}`);
    expect(text).not.toContain(`@${oldBuyerHandle}`);
    expect(text).not.toContain(`@${oldSellerHandle}`);
  });

  it("an unknown or malformed id is 404 'Licence Not Found'", async () => {
    for (const id of [randomUUID(), "not-a-uuid", "1"]) {
      const answer = await anonymous().get(`/api/licences/${id}`).expect(404);
      expect(answer.body).toMatchObject({ message: LICENCE_MESSAGES.notFound });
    }
    const member = await signInMember(t);
    expect((await member.browser.get(`/api/licences/${randomUUID()}/pdf`).expect(404)).body).toMatchObject({
      message: LICENCE_MESSAGES.notFound,
    });
  });

  it("the PDF is the buyer's: 401 signed out, 404 for another member, the file with the verification address for the owner", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    // A title the PDF's fonts cannot all print: é is kept, the rest becomes "?" (the page shows it exactly).
    const loop = await listedLoop(seller.id, 0, `Café ${word()} 東京`);
    const purchase = purchaseSchema.parse(
      (await buyer.browser.post("/api/purchases").send({ loopId: loop.id, format: "wav" }).expect(201)).body,
    );
    const path = `/api/licences/${purchase.licenceId}/pdf`;

    expect((await anonymous().get(path).expect(401)).body).toMatchObject({ message: "Unauthorized" });
    const other = await signInMember(t);
    expect((await other.browser.get(path).expect(404)).body).toMatchObject({ message: LICENCE_MESSAGES.notFound });

    const answer = await pdfOf(buyer.browser, path).expect(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="loop-licence-${purchase.licenceId}.pdf"`);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const body = answer.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(body);
    expect(text).toContain(`${APP_ORIGIN}/licences/${purchase.licenceId}`);
    expect(text).toContain(loop.title.replace("東京", "??"));
    expect(text).toContain(purchase.licenceId);
    expect(text).toContain(purchase.id);
    expect(text).toContain("VALID");
    expect(text).toContain("No resale or redistribution");
    // The exact title stays on the public answer.
    expect((await publicLicence(purchase.licenceId)).loop.title).toBe(loop.title);
  });

  it("card and PayPal purchases answer their licence; a chargeback or a refund revokes it with the date", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const cardLoop = await listedLoop(seller.id, 499);
    const card = await saveCard(buyer, "pm_card_visa");
    const paid = await openPaymentIntent(buyer, { loopId: cardLoop.id, format: "mp3", paymentMethodId: card.id });
    expect(paid.status).toBe("completed");
    const cardPurchase = paid.purchase!;
    expect((await publicLicence(cardPurchase.licenceId)).method).toBe("card");

    const paypalLoop = await listedLoop(seller.id, 499);
    const order = paypalOrderSchema.parse(
      (await buyer.browser.post("/paypal/order").send({ loopId: paypalLoop.id, format: "mp3" }).expect(201)).body,
    );
    paypal.approve(order.id);
    const captured = fiatPurchaseStatusSchema.parse((await buyer.browser.post(`/paypal/order/${order.id}/capture`).expect(200)).body);
    const paypalPurchase = captured.purchase!;
    expect(await publicLicence(paypalPurchase.licenceId)).toMatchObject({ method: "paypal", status: "valid", price: "4.99", fee: "0.10" });
    // The other report of the same order answers the same licence.
    const reported = fiatPurchaseStatusSchema.parse(
      (await buyer.browser.post("/api/purchases/paypal").send({ loopId: paypalLoop.id, format: "mp3", orderID: order.id }).expect(200))
        .body,
    );
    expect(reported.purchase!.licenceId).toBe(paypalPurchase.licenceId);

    // The cardholder's bank disputes the charge; PayPal refunds the capture.
    const dispute = stripe.dispute(paid.paymentIntentId!);
    await request(t.app).post("/api/webhooks/stripe").set(dispute.headers).send(dispute.body).expect(200);
    const refund = paypal.refundInDashboard(order.id);
    await request(t.app).post("/api/webhooks/paypal").set(refund.headers).send(refund.body).expect(200);

    for (const purchase of [cardPurchase, paypalPurchase]) {
      const row = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
      expect(row.refundedAt).not.toBeNull();
      const licence = await publicLicence(purchase.licenceId);
      expect(licence).toMatchObject({ status: "revoked", revokedAt: row.refundedAt!.toISOString(), purchaseId: purchase.id });
    }
    const listed = licenceSummaryListSchema.parse((await buyer.browser.get(`/api/licences?loopId=${cardLoop.id}`).expect(200)).body);
    expect(listed.map((item) => item.status)).toEqual(["revoked"]);
    // The PDF still opens for its owner, and says so.
    const text = await pdfText((await pdfOf(buyer.browser, `/api/licences/${cardPurchase.licenceId}/pdf`).expect(200)).body as Buffer);
    expect(text).toContain("REVOKED on");
  });

  it("a wallet purchase's licence names the chain, LoopMarketplace and the transaction; the arbiter's refund revokes it", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loop = await listedLoop(seller.id, 100);
    const marketplace = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    const quote = await t.db.prisma.purchaseQuote.create({
      data: {
        buyerId: buyer.id,
        loopId: loop.id,
        format: "wav",
        chainId: 31337,
        buyerAddress: buyer.account.address.toLowerCase(),
        sellerAddress: "0x000000000000000000000000000000000000beef",
        sellerPaidInApp: false,
        priceCents: 100,
        feeCents: 4,
        priceWei: (500n * 10n ** 18n).toString(),
        feeWei: (20n * 10n ** 18n).toString(),
        deadline: new Date(Date.now() + 60_000),
      },
    });
    const txHash = `0x${"ab".repeat(32)}`;
    const event = (args: Record<string, string>, hash: string, blockTimestamp: bigint): IndexedEvent => ({
      chainId: 31337,
      genesisHash: `0x${"00".repeat(32)}`,
      txHash: hash,
      logIndex: 0,
      blockNumber: 10n,
      blockHash: `0x${"11".repeat(32)}`,
      blockTimestamp,
      address: marketplace,
      args,
    });
    const purchased = event(
      {
        order_id: uuidToBytes32(quote.id),
        buyer: quote.buyerAddress,
        seller: quote.sellerAddress,
        loop_id: uuidToBytes32(loop.id),
        format: String(FORMAT_CODES.wav),
        price: quote.priceWei,
        fee: quote.feeWei,
        release_at: "0",
      },
      txHash,
      1_800_000_000n,
    );
    const applied = await t.db.prisma.$transaction((tx) => purchasedHandler.apply(tx, purchased, t.deps));
    expect(applied.outcome).toBe("applied");

    // The page's report answers the purchase with its licence.
    const report = await buyer.browser
      .post("/api/purchases/crypto")
      .send({ loopId: loop.id, format: "wav", txHash, orderId: uuidToBytes32(quote.id) })
      .expect(200);
    const purchase: Purchase = purchaseSchema.parse(report.body.purchase);
    expect(await publicLicence(purchase.licenceId)).toMatchObject({
      status: "valid",
      method: "wallet",
      loopAmount: "520.00000000",
      chain: { chainId: 31337, name: "Hardhat (local)", contract: marketplace, txHash },
    });

    // The arbiter refunds the escrowed order: the licence is revoked at the block's time.
    const refundTx = `0x${"cd".repeat(32)}`;
    const refunded = event(
      { order_id: uuidToBytes32(quote.id), buyer: quote.buyerAddress, amount: quote.priceWei },
      refundTx,
      1_800_000_600n,
    );
    expect((await t.db.prisma.$transaction((tx) => refundedHandler.apply(tx, refunded, t.deps))).outcome).toBe("applied");
    expect(await publicLicence(purchase.licenceId)).toMatchObject({
      status: "revoked",
      revokedAt: new Date(1_800_000_600_000).toISOString(),
    });
  });

  it("the database writes the licence with any purchase, one by one or in bulk, with the version of the terms", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t);
    const loops = await Promise.all([listedLoop(seller.id, 100), listedLoop(seller.id, 200), listedLoop(seller.id, 300)]);
    const one = await t.db.prisma.purchase.create({
      data: { loopId: loops[0]!.id, buyerId: buyer.id, format: "mp3", priceCents: 100, method: "test" },
    });
    await t.db.prisma.purchase.createMany({
      data: loops.slice(1).map((loop) => ({ loopId: loop.id, buyerId: buyer.id, format: "wav" as const, priceCents: 200, method: "test" })),
    });
    const licences = await t.db.prisma.licence.findMany({ where: { purchase: { buyerId: buyer.id } }, include: { purchase: true } });
    expect(licences).toHaveLength(3);
    for (const licence of licences) {
      expect(licence.version).toBe(LICENCE_VERSION);
      expect(licence.issuedAt).toEqual(licence.purchase!.createdAt);
      expect(licence.loopTitle).toBe(loops.find((loop) => loop.id === licence.purchase!.loopId)!.title);
    }
    expect(licences.find((licence) => licence.purchaseId === one.id)!.priceCents).toBe(100);
  });

  describe("free downloads", () => {
    /** The card's Download: GET /api/loops/:id/download, then the browser fetches the signed link (which records it). */
    async function download(member: Member, loopId: string, format: DeliveryFormat) {
      const link = downloadLinkSchema.parse((await member.browser.get(`/api/loops/${loopId}/download?format=${format}`).expect(200)).body);
      await request(t.app).get(link.downloadUrl).buffer(true).parse(binary).expect(200);
    }
    const licencesOf = async (member: Member, loopId: string) =>
      licenceSummaryListSchema.parse((await member.browser.get(`/api/licences?loopId=${loopId}`).expect(200)).body);
    const downloadLicences = (loopId: string) => t.db.prisma.licence.findMany({ where: { downloadLoopId: loopId } });

    it("a member's first download of a free loop has its licence: method free, $0, always valid, no purchase; verifiable and printable", async () => {
      const seller = await signInMember(t);
      const member = await signInMember(t);
      await t.db.prisma.user.update({ where: { id: seller.id }, data: { username: `free_${word()}`, firstName: "Ada", lastName: null } });
      const sellerRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } });
      const memberRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
      const free = await listedLoop(seller.id, 0);
      expect(await licencesOf(member, free.id)).toEqual([]);

      await download(member, free.id, "wav");
      const downloaded = await t.db.prisma.loopDownload.findUniqueOrThrow({
        where: { loopId_userId: { loopId: free.id, userId: member.id } },
      });
      const listed = await licencesOf(member, free.id);
      expect(listed).toEqual([
        { id: expect.any(String), format: "wav", status: "valid", purchaseId: null, issuedAt: downloaded.createdAt.toISOString() },
      ]);
      const id = listed[0]!.id;
      // No purchase, no sale: the download stays what it was.
      expect(await t.db.prisma.purchase.count({ where: { buyerId: member.id } })).toBe(0);

      expect(await publicLicence(id)).toEqual({
        ...FREE_LICENCE,
        id,
        issuedAt: downloaded.createdAt.toISOString(),
        loop: { id: free.id, title: free.title },
        creator: { id: seller.id, username: sellerRow.username, name: "Ada" },
        buyer: { id: member.id, username: memberRow.username },
        format: "wav",
        purchaseId: null,
        verifyUrl: `/licences/${id}`,
      });
      expect((await member.browser.get(`/api/licences/${id}`).expect(200)).body.ownedByMe).toBe(true);

      // The PDF is the downloader's.
      const path = `/api/licences/${id}/pdf`;
      const other = await signInMember(t);
      expect((await other.browser.get(path).expect(404)).body).toMatchObject({ message: LICENCE_MESSAGES.notFound });
      await anonymous().get(path).expect(401);
      const pdf = await pdfOf(member.browser, path).expect(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const text = await pdfText(pdf.body as Buffer);
      expect(text).toContain(`${APP_ORIGIN}/licences/${id}`);
      expect(text).toContain("VALID");
      expect(text).toMatch(/Purchase id\s*Free download/);
      expect(text).toContain("Date of download");

      // Another download, in the other format, adds no licence.
      await download(member, free.id, "mp3");
      expect((await licencesOf(member, free.id)).map((licence) => licence.id)).toEqual([id]);
      // Nothing can be refunded, and a loop made paid later does not take it back.
      await t.db.prisma.loop.update({ where: { id: free.id }, data: { isFree: false, priceCents: 299 } });
      expect(await publicLicence(id)).toMatchObject({ status: "valid", method: "free", price: "0.00" });
    });

    it("none for the creator's own download, a paid loop's buyer, or a member who took the free loop with a purchase", async () => {
      const seller = await signInMember(t);
      const buyer = await signInMember(t);
      const free = await listedLoop(seller.id, 0);
      const paid = await listedLoop(seller.id, 499);

      // The creator: their downloads are not recorded; were one inserted, the database still issues nothing.
      await download(seller, free.id, "mp3");
      expect(await licencesOf(seller, free.id)).toEqual([]);
      await t.db.prisma.loopDownload.create({ data: { loopId: free.id, userId: seller.id, format: "mp3" } });
      expect(await downloadLicences(free.id)).toEqual([]);

      // A paid loop's buyer downloads it: their purchase's licence only.
      await fundMember(t, buyer.id, "3000");
      const bought = purchaseSchema.parse(
        (await buyer.browser.post("/api/purchases").send({ loopId: paid.id, format: "mp3", paymentMethod: "loop" }).expect(201)).body,
      );
      await download(buyer, paid.id, "mp3");
      expect(await t.db.prisma.loopDownload.count({ where: { loopId: paid.id, userId: buyer.id } })).toBe(1);
      expect((await licencesOf(buyer, paid.id)).map((licence) => licence.id)).toEqual([bought.licenceId]);
      expect(await downloadLicences(paid.id)).toEqual([]);

      // POST /api/purchases of the free loop, then its download: the purchase's licence only.
      const taken = purchaseSchema.parse(
        (await buyer.browser.post("/api/purchases").send({ loopId: free.id, format: "wav" }).expect(201)).body,
      );
      await download(buyer, free.id, "wav");
      const listed = await licencesOf(buyer, free.id);
      expect(listed.map(({ id, purchaseId }) => ({ id, purchaseId }))).toEqual([{ id: taken.licenceId, purchaseId: taken.id }]);
      expect(await downloadLicences(free.id)).toEqual([]);
    });

    it("a free purchase after a download of the same format keeps the download's licence (one, not two); the other format gets its own", async () => {
      const seller = await signInMember(t);
      const member = await signInMember(t);
      const free = await listedLoop(seller.id, 0);
      await download(member, free.id, "mp3");
      const [downloaded] = await licencesOf(member, free.id);

      const taken = purchaseSchema.parse(
        (await member.browser.post("/api/purchases").send({ loopId: free.id, format: "mp3" }).expect(201)).body,
      );
      expect(taken.licenceId).toBe(downloaded!.id);
      expect(await licencesOf(member, free.id)).toEqual([{ ...downloaded, purchaseId: taken.id }]);
      expect(await publicLicence(taken.licenceId)).toMatchObject({
        id: downloaded!.id,
        purchaseId: taken.id,
        format: "mp3",
        status: "valid",
      });
      expect(await downloadLicences(free.id)).toEqual([]);
      // Dated when it was issued (the download), which is not the purchase's time.
      const text = await pdfText((await pdfOf(member.browser, `/api/licences/${taken.licenceId}/pdf`).expect(200)).body as Buffer);
      expect(text).toContain("Date issued");
      expect(text).toContain(taken.id);

      const wav = purchaseSchema.parse(
        (await member.browser.post("/api/purchases").send({ loopId: free.id, format: "wav" }).expect(201)).body,
      );
      expect(wav.licenceId).not.toBe(taken.licenceId);
      expect(
        (await licencesOf(member, free.id)).map(({ id, format }) => ({ id, format })).sort((a, b) => a.format.localeCompare(b.format)),
      ).toEqual([
        { id: taken.licenceId, format: "mp3" },
        { id: wav.licenceId, format: "wav" },
      ]);
    });

    it("the migration's backfill gives an earlier download of a free loop its licence, by the same rules", async () => {
      const seller = await signInMember(t);
      const member = await signInMember(t);
      const taker = await signInMember(t);
      const free = await listedLoop(seller.id, 0);
      const paid = await listedLoop(seller.id, 100);
      await t.db.prisma.purchase.create({ data: { loopId: free.id, buyerId: taker.id, format: "mp3", priceCents: 0, method: "free" } });
      // Downloads recorded before the trigger existed.
      const earlier = new Date("2026-01-02T03:04:05.678Z");
      await t.db.prisma.$transaction([
        t.db.prisma.$executeRaw`ALTER TABLE "app"."loop_downloads" DISABLE TRIGGER "loop_downloads_issue_licences"`,
        t.db.prisma.loopDownload.createMany({
          data: [
            { loopId: free.id, userId: member.id, format: "wav", createdAt: earlier },
            { loopId: free.id, userId: seller.id, format: "mp3" },
            { loopId: free.id, userId: taker.id, format: "mp3" },
            { loopId: paid.id, userId: member.id, format: "mp3" },
          ],
        }),
        t.db.prisma.$executeRaw`ALTER TABLE "app"."loop_downloads" ENABLE TRIGGER "loop_downloads_issue_licences"`,
      ]);
      expect(await downloadLicences(free.id)).toEqual([]);

      // The migration's own statement, on a table without download licences (as when it runs).
      const migration = readFileSync(new URL("../prisma/migrations/20261130080000_licences/migration.sql", import.meta.url), "utf8");
      const backfill = migration.slice(migration.indexOf("-- Every earlier download"));
      expect(backfill).toMatch(/^-- Every earlier download[\s\S]*INSERT INTO "app"."licences"/);
      await t.db.prisma.$transaction([
        t.db.prisma.$executeRaw`DELETE FROM "app"."licences" WHERE "purchase_id" IS NULL`,
        t.db.prisma.$executeRawUnsafe(backfill),
      ]);
      const [licence] = await downloadLicences(free.id);
      expect(await downloadLicences(free.id)).toHaveLength(1);
      expect(licence).toMatchObject({ downloadUserId: member.id, format: "wav", method: "free", priceCents: 0, issuedAt: earlier });
      expect(await downloadLicences(paid.id)).toEqual([]);
    });
  });
});
