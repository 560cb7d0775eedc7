// Platform settings (GET/PUT /api/admin/settings) and the code that uses them: a changed format fee
// prices the next purchase, checkout and in-app offer (an open offer keeps its fee), the minimum
// withdrawal refuses below it, the offer expiry dates new offers and counters, and the dispute
// window is changed on LoopMarketplace (its own deployment on the tests' Hardhat node) so that a
// wallet purchase after it is escrowed. The ledger checker after every test.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loopMarketplaceAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { clientConfigSchema } from "@loop/rules/schemas/api-responses";
import { FIAT_PAYMENT_MESSAGES } from "@loop/rules/schemas/fiat-payments";
import { negotiationSchema } from "@loop/rules/schemas/negotiations";
import { SETTINGS_MESSAGES, platformSettingsSchema, type PlatformSettings } from "@loop/rules/schemas/platform-settings";
import { PURCHASE_MESSAGES, walletQuoteSchema } from "@loop/rules/schemas/purchases";
import { WITHDRAWAL_MESSAGES, minimumWithdrawalMessage, withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { getAddress, type Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { ERROR_CODES } from "@loop/rules/error-codes";
import { priceCheckout } from "../src/features/checkout/checkout-pricing";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { buyWithLoop, tokenBalance } from "./support/api-calls";
import { DEFAULT_CLIENT_SETTINGS } from "./support/client-settings";
import { deployContracts } from "./support/deploy-contracts";
import { createListedLoop } from "./support/listed-loop";
import { localChain, treasuryAccount } from "./support/local-chain";
import { fundMember, signInAdmin, signInMember, type Member } from "./support/members";
import { newAccount } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { payQuoteOnChain } from "./support/wallet-quote";

const HOUR_MS = 60 * 60 * 1000;

describe("platform settings", () => {
  let t: TestApp;
  let noManifests: string;
  const settings = async (as: Member) => platformSettingsSchema.parse((await as.browser.get("/api/admin/settings").expect(200)).body);
  const put = (as: Member, body: unknown) => as.browser.put("/api/admin/settings").send(body as object);
  async function change(as: Member, body: unknown): Promise<PlatformSettings> {
    const response = await put(as, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return platformSettingsSchema.parse(response.body);
  }
  const clientSettings = async () => clientConfigSchema.parse((await browser(t.app).get("/api/config").expect(200)).body).settings;
  const auditEntries = () => t.db.prisma.adminAuditEntry.findMany({ where: { action: "settings.changed" }, orderBy: { id: "asc" } });

  beforeAll(async () => {
    // No manifest: the marketplace cannot be reached (the dispute window's 502 and null).
    noManifests = mkdtempSync(path.join(os.tmpdir(), "loop-settings-no-manifests-"));
    t = await createTestApp({ env: { DEPLOYMENTS_DIR: noManifests } });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
    // Each test starts from the defaults.
    await t.db.prisma.platformSettings.update({
      where: { id: true },
      data: {
        mp3FeeBps: 200,
        wavFeeBps: 400,
        minWithdrawalUnits: 1_000_000_000n,
        offerExpiryHours: 168,
        fiatHoldDays: 7,
        uploadsPerHour: 20,
        uploadQuotaMb: 2048,
        supportEmail: "support@loop.local",
        minOfferCents: 50,
        uploadRewardMinPriceCents: 100,
        newSellerHoldDays: 30,
        trustedSellerSales: 3,
        maxPriceImpactBps: 500,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(noManifests, { recursive: true, force: true });
  });

  it("GET and PUT are for admins only: 401 signed out, 403 for a member, nothing changed", async () => {
    const member = await signInMember(t);
    for (const [method, body] of [
      ["get", undefined],
      ["put", { offerExpiryHours: 24 }],
    ] as const) {
      expect((await browser(t.app)[method]("/api/admin/settings").send(body)).status).toBe(401);
      const refused = await member.browser[method]("/api/admin/settings").send(body);
      expect({ status: refused.status, body: refused.body }).toMatchObject({
        status: 403,
        body: { message: ERROR_CODES.ADMIN_REQUIRED.message, code: "ADMIN_REQUIRED" },
      });
    }
    expect((await t.db.prisma.platformSettings.findUniqueOrThrow({ where: { id: true } })).offerExpiryHours).toBe(168);
  });

  it("GET shows the defaults; PUT changes only what is sent, records who and when, and audits before/after", async () => {
    const admin = await signInAdmin(t);
    const before = await settings(admin);
    expect(before).toMatchObject({
      ...DEFAULT_CLIENT_SETTINGS,
      disputeWindowSeconds: null,
      fiatHoldDays: 7,
      uploadsPerHour: 20,
      uploadQuotaMb: 2048,
      uploadRewardMinPriceCents: 100,
      newSellerHoldDays: 30,
      trustedSellerSales: 3,
      updatedBy: null,
    });

    const changed = await change(admin, {
      formatFeeBps: { wav: 550 },
      minWithdrawal: " 25.5 ",
      offerExpiryHours: 48,
      fiatHoldDays: 14,
      uploadsPerHour: 5,
    });
    const changedTo = {
      formatFeeBps: { mp3: 200, wav: 550 },
      minWithdrawal: "25.50000000",
      offerExpiryHours: 48,
      disputeWindowSeconds: null,
      fiatHoldDays: 14,
      uploadsPerHour: 5,
      uploadQuotaMb: 2048,
    };
    expect(changed).toMatchObject(changedTo);
    expect(changed.updatedBy).toEqual({ id: admin.id, username: expect.any(String) });
    expect(new Date(changed.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect(await settings(admin)).toEqual(changed);

    const entries = await auditEntries();
    expect(entries.at(-1)).toMatchObject({
      adminId: admin.id,
      targetType: "settings",
      targetId: null,
      before: { ...DEFAULT_CLIENT_SETTINGS, disputeWindowSeconds: null, fiatHoldDays: 7, uploadsPerHour: 20, uploadQuotaMb: 2048 },
      after: changedTo,
    });
    expect((await change(admin, { uploadQuotaMb: 4096 })).uploadQuotaMb).toBe(4096);
  });

  it("the limits against abuse are settings: minimum offer (public), reward minimum price, new seller hold and the history that ends it", async () => {
    const admin = await signInAdmin(t);
    expect((await clientSettings())?.minOfferCents).toBe(50);
    const changed = await change(admin, {
      minOfferCents: 200,
      uploadRewardMinPriceCents: 250,
      newSellerHoldDays: 45,
      trustedSellerSales: 0,
    });
    expect(changed).toMatchObject({ minOfferCents: 200, uploadRewardMinPriceCents: 250, newSellerHoldDays: 45, trustedSellerSales: 0 });
    expect((await clientSettings())?.minOfferCents).toBe(200);
    expect((await auditEntries()).at(-1)).toMatchObject({
      before: { minOfferCents: 50, uploadRewardMinPriceCents: 100, newSellerHoldDays: 30, trustedSellerSales: 3 },
      after: { minOfferCents: 200, uploadRewardMinPriceCents: 250, newSellerHoldDays: 45, trustedSellerSales: 0 },
    });
  });

  it("the price-impact bound of a LOOP buy is a public setting in basis points, 5% by default, audited", async () => {
    const admin = await signInAdmin(t);
    expect((await settings(admin)).maxPriceImpactBps).toBe(500);
    expect((await clientSettings())?.maxPriceImpactBps).toBe(500);
    expect((await change(admin, { maxPriceImpactBps: 250 })).maxPriceImpactBps).toBe(250);
    expect((await clientSettings())?.maxPriceImpactBps).toBe(250);
    expect((await auditEntries()).at(-1)).toMatchObject({ before: { maxPriceImpactBps: 500 }, after: { maxPriceImpactBps: 250 } });
  });

  it("the support address is the admin's setting, audited, and every page gets it from GET /api/config", async () => {
    const admin = await signInAdmin(t);
    expect((await settings(admin)).supportEmail).toBe("support@loop.local");
    expect((await clientSettings())?.supportEmail).toBe("support@loop.local");
    const changed = await change(admin, { supportEmail: "  help@beats.example " });
    expect(changed.supportEmail).toBe("help@beats.example");
    expect((await clientSettings())?.supportEmail).toBe("help@beats.example");
    const entry = (await auditEntries()).at(-1);
    expect(entry).toMatchObject({ before: { supportEmail: "support@loop.local" }, after: { supportEmail: "help@beats.example" } });
  });

  it("refuses every invalid setting with its message (400) and changes nothing", async () => {
    const admin = await signInAdmin(t);
    const before = await settings(admin);
    const auditsBefore = (await auditEntries()).length;
    const cases: [unknown, string][] = [
      [{}, SETTINGS_MESSAGES.nothingToChange],
      [{ formatFeeBps: {} }, SETTINGS_MESSAGES.nothingToChange],
      [{ formatFeeBps: { mp3: 5001 } }, SETTINGS_MESSAGES.invalidFee],
      [{ formatFeeBps: { mp3: -1 } }, SETTINGS_MESSAGES.invalidFee],
      [{ formatFeeBps: { wav: 2.5 } }, SETTINGS_MESSAGES.invalidFee],
      [{ formatFeeBps: { wav: "300" } }, SETTINGS_MESSAGES.invalidFee],
      [{ formatFeeBps: 300 }, SETTINGS_MESSAGES.invalidFee],
      [{ minWithdrawal: "0" }, SETTINGS_MESSAGES.invalidMinWithdrawal],
      [{ minWithdrawal: "-5" }, SETTINGS_MESSAGES.invalidMinWithdrawal],
      [{ minWithdrawal: "1.123456789" }, SETTINGS_MESSAGES.invalidMinWithdrawal],
      [{ minWithdrawal: "ten" }, SETTINGS_MESSAGES.invalidMinWithdrawal],
      [{ minWithdrawal: 10 }, SETTINGS_MESSAGES.invalidMinWithdrawal],
      [{ offerExpiryHours: 0 }, SETTINGS_MESSAGES.invalidOfferExpiry],
      [{ offerExpiryHours: 721 }, SETTINGS_MESSAGES.invalidOfferExpiry],
      [{ offerExpiryHours: 1.5 }, SETTINGS_MESSAGES.invalidOfferExpiry],
      [{ disputeWindowSeconds: -1 }, SETTINGS_MESSAGES.invalidDisputeWindow],
      [{ disputeWindowSeconds: 30 * 24 * 3600 + 1 }, SETTINGS_MESSAGES.invalidDisputeWindow],
      [{ fiatHoldDays: -1 }, SETTINGS_MESSAGES.invalidFiatHold],
      [{ fiatHoldDays: 181 }, SETTINGS_MESSAGES.invalidFiatHold],
      [{ fiatHoldDays: 1.5 }, SETTINGS_MESSAGES.invalidFiatHold],
      [{ fiatHoldDays: "7" }, SETTINGS_MESSAGES.invalidFiatHold],
      [{ uploadsPerHour: 0 }, SETTINGS_MESSAGES.invalidUploadsPerHour],
      [{ uploadsPerHour: 1001 }, SETTINGS_MESSAGES.invalidUploadsPerHour],
      [{ uploadsPerHour: 2.5 }, SETTINGS_MESSAGES.invalidUploadsPerHour],
      [{ uploadsPerHour: "20" }, SETTINGS_MESSAGES.invalidUploadsPerHour],
      [{ uploadQuotaMb: 49 }, SETTINGS_MESSAGES.invalidUploadQuota],
      [{ uploadQuotaMb: 1024 * 1024 + 1 }, SETTINGS_MESSAGES.invalidUploadQuota],
      [{ uploadQuotaMb: 100.5 }, SETTINGS_MESSAGES.invalidUploadQuota],
      [{ supportEmail: "" }, SETTINGS_MESSAGES.invalidSupportEmail],
      [{ supportEmail: "help" }, SETTINGS_MESSAGES.invalidSupportEmail],
      [{ supportEmail: 42 }, SETTINGS_MESSAGES.invalidSupportEmail],
      [{ supportEmail: `${"a".repeat(250)}@b.io` }, SETTINGS_MESSAGES.invalidSupportEmail],
      [{ maxPriceImpactBps: 0 }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
      [{ maxPriceImpactBps: 5001 }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
      [{ maxPriceImpactBps: 2.5 }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
      [{ maxPriceImpactBps: "500" }, SETTINGS_MESSAGES.invalidMaxPriceImpact],
      [{ minOfferCents: 0 }, SETTINGS_MESSAGES.invalidMinOffer],
      [{ minOfferCents: 0.5 }, SETTINGS_MESSAGES.invalidMinOffer],
      [{ minOfferCents: "50" }, SETTINGS_MESSAGES.invalidMinOffer],
      [{ uploadRewardMinPriceCents: -1 }, SETTINGS_MESSAGES.invalidRewardMinPrice],
      [{ uploadRewardMinPriceCents: 1.5 }, SETTINGS_MESSAGES.invalidRewardMinPrice],
      [{ uploadRewardMinPriceCents: 100_000_001 }, SETTINGS_MESSAGES.invalidRewardMinPrice],
      [{ newSellerHoldDays: 181 }, SETTINGS_MESSAGES.invalidNewSellerHold],
      [{ newSellerHoldDays: "30" }, SETTINGS_MESSAGES.invalidNewSellerHold],
      [{ trustedSellerSales: -1 }, SETTINGS_MESSAGES.invalidTrustedSellerSales],
      [{ trustedSellerSales: 1001 }, SETTINGS_MESSAGES.invalidTrustedSellerSales],
      // One bad setting refuses the whole change.
      [{ offerExpiryHours: 24, formatFeeBps: { mp3: 9999 } }, SETTINGS_MESSAGES.invalidFee],
    ];
    for (const [body, message] of cases) {
      const response = await put(admin, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status: 400, message });
    }
    const malformed = await admin.browser.put("/api/admin/settings").set("Content-Type", "application/json").send("{");
    expect(malformed.status).toBe(400);
    expect(await settings(admin)).toEqual(before);
    expect(await auditEntries()).toHaveLength(auditsBefore);
  });

  it("a minimum withdrawal above LoopToken's cap is 400 'Amount is too large' and changes nothing; the cap itself is taken", async () => {
    const admin = await signInAdmin(t);
    const before = await settings(admin);
    const auditsBefore = (await auditEntries()).length;
    // The first reached Postgres' BIGINT (500); the second was stored, so no withdrawal could ever pass.
    for (const minWithdrawal of ["99999999999999999999999", "1000000000.00000001"]) {
      const response = await put(admin, { minWithdrawal, offerExpiryHours: 24 });
      expect({ minWithdrawal, status: response.status, body: response.body }).toMatchObject({
        minWithdrawal,
        status: 400,
        body: { message: "Amount is too large: at most 1,000,000,000 LOOP" },
      });
    }
    expect(SETTINGS_MESSAGES.minWithdrawalTooLarge).toBe("Amount is too large: at most 1,000,000,000 LOOP");
    expect(await settings(admin)).toEqual(before);
    expect(await auditEntries()).toHaveLength(auditsBefore);
    expect((await change(admin, { minWithdrawal: "1000000000" })).minWithdrawal).toBe("1000000000.00000000");
  });

  it("a dispute window the chain cannot take is 502 with nothing changed, even the other settings sent with it", async () => {
    const admin = await signInAdmin(t);
    const before = await settings(admin);
    const auditsBefore = (await auditEntries()).length;
    const response = await put(admin, { disputeWindowSeconds: 3600, offerExpiryHours: 12 });
    expect({ status: response.status, body: response.body }).toMatchObject({
      status: 502,
      body: { message: SETTINGS_MESSAGES.chainUnavailable },
    });
    expect(await settings(admin)).toEqual(before);
    expect(await auditEntries()).toHaveLength(auditsBefore);
  });

  it("a fee change prices the next in-app purchase and checkout, and GET /api/config shows it", async () => {
    const admin = await signInAdmin(t);
    expect(await clientSettings()).toEqual(DEFAULT_CLIENT_SETTINGS);
    const [seller, buyer] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 30_000n);
    const [first, second] = [
      await createListedLoop(t.db.prisma, seller.id, "Fee A", 1000),
      await createListedLoop(t.db.prisma, seller.id, "Fee B", 1000),
    ];
    const buy = async (loopId: string) =>
      (await buyWithLoop(buyer.browser, loopId, "mp3")).body as { fee: string; total: string; loopAmount: string };
    // $10.00 at 2% → $0.20.
    expect(await buy(first)).toMatchObject({ fee: "0.20", total: "10.20", loopAmount: "5100.00000000" });

    await change(admin, { formatFeeBps: { mp3: 750 } });
    expect(await clientSettings()).toEqual({ ...DEFAULT_CLIENT_SETTINGS, formatFeeBps: { mp3: 750, wav: 400 } });
    // $10.00 at 7.5% → $0.75: the buyer pays it, the platform's fees account gets it (the ledger checker balances it).
    const before = await tokenBalance(buyer.browser);
    expect(await buy(second)).toMatchObject({ fee: "0.75", total: "10.75", loopAmount: "5375.00000000" });
    const after = await tokenBalance(buyer.browser);
    expect(Number(before.balance) - Number(after.balance)).toBe(5375);

    // A page that shows the old fee is refused ('Price Changed'), in LOOP as with PayPal or a card, and nothing is bought.
    const third = await createListedLoop(t.db.prisma, seller.id, "Fee C", 1000);
    const stale = await buyer.browser
      .post("/api/purchases")
      .send({ loopId: third, format: "mp3", paymentMethod: "loop", expectedTotal: "10.20" });
    expect({ status: stale.status, message: stale.body.message }).toEqual({ status: 400, message: PURCHASE_MESSAGES.priceChanged });
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id, loopId: third } })).toBe(0);
    expect(await tokenBalance(buyer.browser)).toEqual(after);
    const wav = await buyer.browser
      .post("/api/purchases")
      .send({ loopId: third, format: "wav", paymentMethod: "loop", expectedTotal: "10.40" });
    expect(wav.status, JSON.stringify(wav.body)).toBe(201);
    await expect(priceCheckout(t.db.prisma, buyer.id, { loopId: third, format: "mp3", claimedTotalCents: 1020n })).rejects.toThrow(
      FIAT_PAYMENT_MESSAGES.amountMismatch,
    );
    expect(await priceCheckout(t.db.prisma, buyer.id, { loopId: third, format: "mp3", claimedTotalCents: 1075n })).toMatchObject({
      feeCents: 75,
      totalCents: 1075,
    });
    expect(
      (await buyer.browser.post("/api/purchases").send({ loopId: third, format: "mp3", paymentMethod: "loop", expectedTotal: "10.75" }))
        .status,
    ).toBe(201);
  });

  it("an open offer keeps the fee it was opened with, through its hold, view and acceptance; new offers use the new fee", async () => {
    const admin = await signInAdmin(t);
    const [seller, buyer, buyer2] = [await signInMember(t), await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 20_000n);
    await fundMember(t, buyer2.id, 20_000n);
    const loopId = await createListedLoop(t.db.prisma, seller.id, "Offer fee", 2000);
    // $12.50 WAV at 4% → $0.50; 6,500 LOOP held.
    const opened = negotiationSchema.parse(
      (await buyer.browser.post("/api/negotiations").send({ loopId, format: "wav", offerAmount: "12.50" }).expect(201)).body,
    );
    expect(opened).toMatchObject({ fee: "0.50", heldLoop: "6500.00000000" });

    await change(admin, { formatFeeBps: { wav: 1000 } });
    const listed = (await buyer.browser.get("/api/negotiations?scope=sent").expect(200)).body as { id: string; fee: string }[];
    expect(listed.find((n) => n.id === opened.id)?.fee).toBe("0.50");
    const accepted = negotiationSchema.parse(
      (await seller.browser.put(`/api/negotiations/${opened.id}/respond`).send({ action: "accept", version: opened.version }).expect(200))
        .body,
    );
    expect(accepted).toMatchObject({ status: "accepted", fee: "0.50" });
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: accepted.purchaseId! } });
    expect({ priceCents: purchase.priceCents, feeCents: purchase.feeCents, loopUnits: purchase.loopUnits }).toEqual({
      priceCents: 1250,
      feeCents: 50,
      loopUnits: 650_000_000_000n,
    });

    // A new offer: 10% of $12.50 → $1.25; 6,875 LOOP held.
    const fresh = negotiationSchema.parse(
      (await buyer2.browser.post("/api/negotiations").send({ loopId, format: "wav", offerAmount: "12.50" }).expect(201)).body,
    );
    expect(fresh).toMatchObject({ fee: "1.25", heldLoop: "6875.00000000" });
  });

  it("the minimum withdrawal refuses below the setting and accepts at it", async () => {
    const admin = await signInAdmin(t);
    const user = await signInMember(t);
    await fundMember(t, user.id, 1_000n);
    const destination = newAccount().address;
    const withdraw = (amount: string) => user.browser.post("/api/tokens/withdraw").send({ amount, method: "crypto_eth", destination });
    // The default: 10 LOOP.
    expect((await withdraw("9.99")).body.message).toBe(WITHDRAWAL_MESSAGES.minimum);
    await change(admin, { minWithdrawal: "25.5" });
    expect(await clientSettings()).toMatchObject({ minWithdrawal: "25.50000000" });
    const below = await withdraw("25.49999999");
    expect({ status: below.status, message: below.body.message }).toEqual({
      status: 400,
      message: minimumWithdrawalMessage(2_550_000_000n),
    });
    expect(below.body.message).toBe("Minimum Withdrawal: The minimum withdrawal is 25.5 LOOP");
    expect(await t.db.prisma.withdrawal.count({ where: { userId: user.id } })).toBe(0);
    const at = await withdraw("25.5");
    expect(at.status, JSON.stringify(at.body)).toBe(201);
    expect(withdrawalSchema.parse(at.body)).toMatchObject({ amount: "25.50000000", status: "pending" });
    // Lowered: 5 LOOP is enough now.
    await change(admin, { minWithdrawal: "5" });
    expect((await withdraw("5")).status).toBe(201);
  });

  it("the offer expiry dates new offers and counters", async () => {
    const admin = await signInAdmin(t);
    const [seller, buyer] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 20_000n);
    const loopId = await createListedLoop(t.db.prisma, seller.id, "Expiry", 2000);
    await change(admin, { offerExpiryHours: 2 });
    const start = Date.now();
    const opened = negotiationSchema.parse(
      (await buyer.browser.post("/api/negotiations").send({ loopId, format: "mp3", offerAmount: "10" }).expect(201)).body,
    );
    const expires = new Date(opened.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(start + 2 * HOUR_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * HOUR_MS);

    await change(admin, { offerExpiryHours: 720 });
    const counterStart = Date.now();
    const countered = negotiationSchema.parse(
      (
        await seller.browser
          .put(`/api/negotiations/${opened.id}/respond`)
          .send({ action: "counter", counterOffer: "15", version: opened.version })
          .expect(200)
      ).body,
    );
    const counterExpires = new Date(countered.expiresAt).getTime();
    expect(counterExpires).toBeGreaterThanOrEqual(counterStart + 720 * HOUR_MS);
    expect(counterExpires).toBeLessThanOrEqual(Date.now() + 720 * HOUR_MS);
    await buyer.browser.put(`/api/negotiations/${opened.id}/respond`).send({ action: "reject", version: countered.version }).expect(200);
  });

  describe("on chain", () => {
    let chainApp: TestApp;
    let deployments: string;
    const rpcUrl = inject("rpcUrl");
    const chain = localChain(rpcUrl);
    const { client } = chain;

    beforeAll(async () => {
      deployments = mkdtempSync(path.join(os.tmpdir(), "loop-settings-deployments-"));
      await deployContracts(rpcUrl, deployments);
      chainApp = await createTestApp({
        db: t.db,
        env: {
          DEPLOYMENTS_DIR: deployments,
          OPERATOR_PRIVATE_KEY: localAccounts.roles.operator.privateKey,
          QUOTE_SIGNER_PRIVATE_KEY: localAccounts.roles.quoteSigner.privateKey,
        },
      });
    });
    afterAll(async () => {
      await chainApp?.close();
      if (deployments) rmSync(deployments, { recursive: true, force: true });
    });

    it("the dispute window is set on LoopMarketplace and a wallet purchase after it is escrowed for it", async () => {
      const marketplace = getAddress(chainApp.config.chains.find((c) => c.id === 31337)!.contracts!.marketplace);
      const token = getAddress(chainApp.config.chains.find((c) => c.id === 31337)!.contracts!.token);
      const readWindow = () => client.readContract({ address: marketplace, abi: loopMarketplaceAbi, functionName: "disputeWindow" });
      expect(await readWindow()).toBe(0n);

      // chainApp shares t's database.
      const { browser: adminAgent, id: adminId } = await signInAdmin(chainApp);
      expect(platformSettingsSchema.parse((await adminAgent.get("/api/admin/settings").expect(200)).body).disputeWindowSeconds).toBe(0);
      const response = await adminAgent.put("/api/admin/settings").send({ disputeWindowSeconds: 3600 });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(platformSettingsSchema.parse(response.body)).toMatchObject({ disputeWindowSeconds: 3600, updatedBy: { id: adminId } });
      expect(await readWindow()).toBe(3600n);
      expect((await auditEntries()).at(-1)).toMatchObject({
        adminId,
        before: { disputeWindowSeconds: 0 },
        after: { disputeWindowSeconds: 3600 },
      });

      // A wallet purchase after the change: escrowed until its block's time + 3600 s.
      const buyerAccount = await chain.fundedAccount(treasuryAccount, token, "10000");
      const buyerAgent = (await signInMember(chainApp, { account: buyerAccount })).browser;
      const sellerId = (await signInMember(chainApp)).id;
      const loopId = await createListedLoop(t.db.prisma, sellerId, "Escrowed", 1000);
      const quote = walletQuoteSchema.parse(
        (await buyerAgent.post("/api/purchases/quote").send({ loopId, format: "mp3" }).expect(201)).body,
      );
      expect(quote).toMatchObject({ price: "10.00", fee: "0.20" });
      const q = quote.quote;
      const receipt = await payQuoteOnChain(chain.wallet(buyerAccount), chain.confirm, { token, marketplace }, quote);
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      const order = await client.readContract({
        address: marketplace,
        abi: loopMarketplaceAbi,
        functionName: "getOrder",
        args: [q.orderId as Hex],
      });
      expect(order).toMatchObject({ status: 1, releaseAt: block.timestamp + 3600n, price: BigInt(q.price) });
      expect(await chain.loopBalanceOf(token, marketplace)).toBe(BigInt(q.price));
    });
  });
});
