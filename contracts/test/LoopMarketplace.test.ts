import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { hashTypedData, keccak256, toHex } from "viem";
import { QUOTE_TYPE, quoteDomain, quoteTypes } from "../quote.mjs";
import {
  DAY,
  LOOP,
  MP3,
  WAV,
  ZERO_ADDRESS,
  addressOf,
  balances,
  buy,
  eventsOf,
  expectRevert,
  id,
  makeQuote,
  now,
  role,
  signPermit,
  signQuote,
  type System,
} from "./helpers";
import { WINDOW, approveAndPurchase, escrowed, instant, marketplaceEvents, signedQuote } from "./fixtures";

describe("LoopMarketplace", () => {
  describe("deployment", () => {
    it("knows its token, vault, dispute window and admin", async () => {
      const { marketplace, token, vault, admin } = await loadFixture(escrowed);
      expect(await marketplace.read.token()).to.equal(token.address);
      expect(await marketplace.read.vault()).to.equal(vault.address);
      expect(await marketplace.read.disputeWindow()).to.equal(WINDOW);
      expect(await marketplace.read.hasRole([role("DEFAULT_ADMIN_ROLE"), addressOf(admin)])).to.equal(true);
      expect(await marketplace.read.offerCount()).to.equal(0n);
    });

    it("refuses zero addresses and a dispute window over 30 days", async () => {
      const { token, vault, admin } = await loadFixture(escrowed);
      const a = addressOf(admin);
      await expectRevert(hre.viem.deployContract("LoopMarketplace", [ZERO_ADDRESS, vault.address, a, 0n]), "ZeroAddress");
      await expectRevert(hre.viem.deployContract("LoopMarketplace", [token.address, ZERO_ADDRESS, a, 0n]), "ZeroAddress");
      await expectRevert(hre.viem.deployContract("LoopMarketplace", [token.address, vault.address, ZERO_ADDRESS, 0n]), "ZeroAddress");
      await expectRevert(
        hre.viem.deployContract("LoopMarketplace", [token.address, vault.address, a, 30n * DAY + 1n]),
        "DisputeWindowTooLong",
        [30n * DAY + 1n],
      );
      await hre.viem.deployContract("LoopMarketplace", [token.address, vault.address, a, 30n * DAY]);
    });

    it("signs quotes under the EIP-712 domain LoopMarketplace / 1 with the published type", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace, chainId } = system;
      expect(await marketplace.read.QUOTE_TYPEHASH()).to.equal(keccak256(toHex(QUOTE_TYPE)));
      const [, name, version, domainChainId, verifyingContract] = await marketplace.read.eip712Domain();
      expect([name, version, domainChainId, verifyingContract]).to.deep.equal([
        "LoopMarketplace",
        "1",
        BigInt(chainId),
        marketplace.address,
      ]);
      const quote = await makeQuote(system);
      const digest = hashTypedData({
        domain: quoteDomain(chainId, marketplace.address),
        types: quoteTypes,
        primaryType: "Quote",
        message: quote,
      });
      expect(await marketplace.read.quoteDigest([quote])).to.equal(digest);
    });
  });

  describe("purchase without a dispute window", () => {
    it("pays the seller and the vault at once, records the order, emits Purchased and Released", async () => {
      const system = await loadFixture(instant);
      const { buyer, seller, marketplace, vault, token } = system;
      const [buyerBefore, sellerBefore] = await balances(system, [addressOf(buyer), addressOf(seller)]);
      const { quote, hash } = await buy(system, { price: 100n * LOOP, fee: 4n * LOOP, format: WAV });
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(buyerBefore! - 104n * LOOP);
      expect(await token.read.balanceOf([addressOf(seller)])).to.equal(sellerBefore! + 100n * LOOP);
      expect(await token.read.balanceOf([vault.address])).to.equal(4n * LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      const block = await system.publicClient.getBlock();
      const order = await marketplace.read.getOrder([quote.orderId]);
      expect(order.status).to.equal(2); // Released
      expect(order.buyer).to.equal(addressOf(buyer));
      expect(order.releaseAt).to.equal(block.timestamp);
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => e.eventName)).to.deep.equal(["Purchased", "Released"]);
      expect(events[0]?.args).to.deep.equal({
        orderId: quote.orderId,
        buyer: addressOf(buyer),
        seller: addressOf(seller),
        loopId: quote.loopId,
        format: WAV,
        price: 100n * LOOP,
        fee: 4n * LOOP,
        releaseAt: block.timestamp,
      });
      expect(events[1]?.args).to.deep.equal({ orderId: quote.orderId, seller: addressOf(seller), amount: 100n * LOOP });
    });

    it("takes no fee transfer when the fee is zero", async () => {
      const system = await loadFixture(instant);
      await buy(system, { price: 10n * LOOP, fee: 0n });
      expect(await system.token.read.balanceOf([system.vault.address])).to.equal(0n);
    });

    it("has nothing to release or refund afterwards", async () => {
      const system = await loadFixture(instant);
      const { quote } = await buy(system);
      await expectRevert(system.marketplace.write.release([quote.orderId]), "OrderNotEscrowed", [quote.orderId]);
      await expectRevert(system.as(system.arbiter).marketplace.write.refund([quote.orderId]), "OrderNotEscrowed", [quote.orderId]);
    });
  });

  describe("purchase with a dispute window", () => {
    it("holds the price in escrow until the window ends, sends the fee to the vault", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace, vault, token, seller, buyer } = system;
      const { quote, hash } = await buy(system, { price: 50n * LOOP, fee: LOOP });
      const block = await system.publicClient.getBlock();
      expect(await token.read.balanceOf([marketplace.address])).to.equal(50n * LOOP);
      expect(await token.read.balanceOf([vault.address])).to.equal(LOOP);
      expect(await vault.read.fees()).to.equal(LOOP);
      const order = await marketplace.read.getOrder([quote.orderId]);
      expect(order).to.deep.equal({
        buyer: addressOf(buyer),
        releaseAt: block.timestamp + WINDOW,
        status: 1,
        seller: addressOf(seller),
        price: 50n * LOOP,
      });
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => e.eventName)).to.deep.equal(["Purchased"]);
      expect((events[0]?.args as { releaseAt?: bigint }).releaseAt).to.equal(block.timestamp + WINDOW);
    });

    it("accepts a quote up to its deadline second", async () => {
      const system = await loadFixture(escrowed);
      const deadline = (await now(system.publicClient)) + 100n;
      const { quote, signature } = await signedQuote(system, { deadline });
      const { token, marketplace } = system.as(system.buyer);
      await token.write.approve([marketplace.address, quote.price + quote.fee]);
      await time.setNextBlockTimestamp(deadline);
      await marketplace.write.purchase([quote, signature]);
      expect((await marketplace.read.getOrder([quote.orderId])).status).to.equal(1);
    });
  });

  describe("purchase checks", () => {
    async function attempt(
      system: System,
      overrides: Parameters<typeof signedQuote>[1],
      options: Parameters<typeof signedQuote>[2] = {},
      wallet = system.buyer,
    ) {
      const { quote, signature } = await signedQuote(system, overrides, options);
      return { quote, promise: approveAndPurchase(system, wallet, quote, signature) };
    }

    it("reverts when the caller is not the quote's buyer", async () => {
      const system = await loadFixture(escrowed);
      const { promise } = await attempt(system, {}, {}, system.other);
      await expectRevert(promise, "NotBuyer", [addressOf(system.other), addressOf(system.buyer)]);
    });

    it("reverts after the deadline", async () => {
      const system = await loadFixture(escrowed);
      const deadline = (await now(system.publicClient)) - 1n;
      const { promise } = await attempt(system, { deadline });
      await expectRevert(promise, "QuoteExpired", [deadline]);
    });

    it("reverts for a signer without QUOTE_SIGNER_ROLE", async () => {
      const system = await loadFixture(escrowed);
      const { promise } = await attempt(system, {}, { by: system.other });
      await expectRevert(promise, "InvalidQuoteSigner", [addressOf(system.other)]);
    });

    it("stops accepting a signer once its role is revoked", async () => {
      const system = await loadFixture(escrowed);
      await system.marketplace.write.revokeRole([role("QUOTE_SIGNER_ROLE"), addressOf(system.signer)]);
      const { promise } = await attempt(system, {});
      await expectRevert(promise, "InvalidQuoteSigner", [addressOf(system.signer)]);
    });

    it("reverts for a malformed signature", async () => {
      const system = await loadFixture(escrowed);
      const quote = await makeQuote(system);
      const { marketplace } = system.as(system.buyer);
      await expectRevert(marketplace.write.purchase([quote, "0x1234"]), "ECDSAInvalidSignatureLength", [2n]);
    });

    it("reverts for a zero seller, a zero price and an unknown format", async () => {
      const system = await loadFixture(escrowed);
      await expectRevert((await attempt(system, { seller: ZERO_ADDRESS })).promise, "ZeroAddress");
      await expectRevert((await attempt(system, { price: 0n })).promise, "ZeroAmount");
      await expectRevert((await attempt(system, { format: 2 })).promise, "InvalidFormat", [2]);
    });

    it("reverts when the order id was used, even by another quote", async () => {
      const system = await loadFixture(escrowed);
      const { quote } = await buy(system);
      const { promise } = await attempt(system, { orderId: quote.orderId, price: 1n * LOOP });
      await expectRevert(promise, "OrderAlreadyUsed", [quote.orderId]);
    });

    it("reverts without allowance or balance", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system, { price: 10n * LOOP, fee: LOOP });
      const { marketplace, token } = system.as(system.buyer);
      await expectRevert(marketplace.write.purchase([quote, signature]), "ERC20InsufficientAllowance", [
        marketplace.address,
        0n,
        10n * LOOP,
      ]);
      const big = await makeQuote(system, { price: 2_000_000n * LOOP, fee: 0n });
      await token.write.approve([marketplace.address, big.price]);
      await expectRevert(marketplace.write.purchase([big, await signQuote(system, big)]), "ERC20InsufficientBalance");
    });

    it("reverts for a price that does not fit the order (over 2^96 - 1 wei)", async () => {
      const system = await loadFixture(escrowed);
      const { promise } = await attempt(system, { price: 2n ** 96n, fee: 0n });
      await expectRevert(promise, "SafeCastOverflowedUintDowncast", [96, 2n ** 96n]);
    });

    it("reverts while paused", async () => {
      const system = await loadFixture(escrowed);
      await system.marketplace.write.pause();
      const { promise } = await attempt(system, {});
      await expectRevert(promise, "EnforcedPause");
    });
  });

  describe("purchaseWithPermit", () => {
    it("buys with a permit for price + fee in one transaction", async () => {
      const system = await loadFixture(escrowed);
      const { buyer } = system;
      const { quote, signature } = await signedQuote(system, { price: 20n * LOOP, fee: LOOP });
      const { marketplace } = system.as(buyer);
      const permit = await signPermit(system, buyer, marketplace.address, 21n * LOOP);
      await marketplace.write.purchaseWithPermit([quote, signature, permit]);
      expect((await marketplace.read.getOrder([quote.orderId])).status).to.equal(1);
      expect(await system.token.read.allowance([addressOf(buyer), marketplace.address])).to.equal(0n);
    });

    it("still buys when the permit was used by a front-runner", async () => {
      const system = await loadFixture(escrowed);
      const { buyer, other } = system;
      const { quote, signature } = await signedQuote(system, { price: 20n * LOOP, fee: LOOP });
      const { marketplace } = system.as(buyer);
      const permit = await signPermit(system, buyer, marketplace.address, 21n * LOOP);
      await system
        .as(other)
        .token.write.permit([addressOf(buyer), marketplace.address, permit.value, permit.deadline, permit.v, permit.r, permit.s]);
      await marketplace.write.purchaseWithPermit([quote, signature, permit]);
      expect((await marketplace.read.getOrder([quote.orderId])).status).to.equal(1);
    });

    it("reverts while paused", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system);
      const permit = await signPermit(system, system.buyer, system.marketplace.address, quote.price + quote.fee);
      await system.marketplace.write.pause();
      await expectRevert(system.as(system.buyer).marketplace.write.purchaseWithPermit([quote, signature, permit]), "EnforcedPause");
    });
  });

  describe("release", () => {
    it("pays the seller after the window, by anyone, once; emits Released", async () => {
      const system = await loadFixture(escrowed);
      const { seller, other, token, marketplace } = system;
      const { quote } = await buy(system, { price: 30n * LOOP, fee: LOOP });
      const order = await marketplace.read.getOrder([quote.orderId]);
      await expectRevert(system.as(other).marketplace.write.release([quote.orderId]), "DisputeWindowOpen", [
        quote.orderId,
        order.releaseAt,
      ]);
      await time.setNextBlockTimestamp(order.releaseAt);
      const before = await token.read.balanceOf([addressOf(seller)]);
      const hash = await system.as(other).marketplace.write.release([quote.orderId]);
      expect(await token.read.balanceOf([addressOf(seller)])).to.equal(before + 30n * LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      expect((await marketplace.read.getOrder([quote.orderId])).status).to.equal(2);
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
        ["Released", { orderId: quote.orderId, seller: addressOf(seller), amount: 30n * LOOP }],
      ]);
      await expectRevert(marketplace.write.release([quote.orderId]), "OrderNotEscrowed", [quote.orderId]);
    });

    it("reverts for an unknown order and while paused", async () => {
      const system = await loadFixture(escrowed);
      await expectRevert(system.marketplace.write.release([id("nope")]), "OrderNotEscrowed", [id("nope")]);
      const { quote } = await buy(system);
      await time.increase(WINDOW);
      await system.marketplace.write.pause();
      await expectRevert(system.marketplace.write.release([quote.orderId]), "EnforcedPause");
    });
  });

  describe("refund", () => {
    it("returns the price to the buyer within the window, by the arbiter, once; the fee stays in the vault", async () => {
      const system = await loadFixture(escrowed);
      const { buyer, token, marketplace, vault } = system;
      const before = await token.read.balanceOf([addressOf(buyer)]);
      const { quote } = await buy(system, { price: 30n * LOOP, fee: LOOP });
      const { marketplace: asArbiter } = system.as(system.arbiter);
      const hash = await asArbiter.write.refund([quote.orderId]);
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before - LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      expect(await vault.read.fees()).to.equal(LOOP);
      expect((await marketplace.read.getOrder([quote.orderId])).status).to.equal(3);
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
        ["Refunded", { orderId: quote.orderId, buyer: addressOf(buyer), amount: 30n * LOOP }],
      ]);
      await expectRevert(asArbiter.write.refund([quote.orderId]), "OrderNotEscrowed", [quote.orderId]);
      await time.increase(WINDOW);
      await expectRevert(marketplace.write.release([quote.orderId]), "OrderNotEscrowed", [quote.orderId]);
    });

    it("reverts from the end of the window on", async () => {
      const system = await loadFixture(escrowed);
      const { quote } = await buy(system);
      const { releaseAt } = await system.marketplace.read.getOrder([quote.orderId]);
      await time.setNextBlockTimestamp(releaseAt);
      await expectRevert(system.as(system.arbiter).marketplace.write.refund([quote.orderId]), "DisputeWindowClosed", [
        quote.orderId,
        releaseAt,
      ]);
    });

    it("works up to the last second of the window", async () => {
      const system = await loadFixture(escrowed);
      const { quote } = await buy(system);
      const { releaseAt } = await system.marketplace.read.getOrder([quote.orderId]);
      await time.setNextBlockTimestamp(releaseAt - 1n);
      await system.as(system.arbiter).marketplace.write.refund([quote.orderId]);
    });

    it("reverts for accounts without ARBITER_ROLE (admin, operator, buyer)", async () => {
      const system = await loadFixture(escrowed);
      const { quote } = await buy(system);
      for (const wallet of [system.admin, system.operator, system.buyer, system.signer]) {
        await expectRevert(system.as(wallet).marketplace.write.refund([quote.orderId]), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("ARBITER_ROLE"),
        ]);
      }
    });

    it("reverts for an unknown order, and works while paused", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace } = system.as(system.arbiter);
      await expectRevert(marketplace.write.refund([id("nope")]), "OrderNotEscrowed", [id("nope")]);
      const { quote } = await buy(system);
      await system.marketplace.write.pause();
      await marketplace.write.refund([quote.orderId]);
    });
  });

  describe("offers", () => {
    const loopId = id("loop-7");

    async function open(
      system: System,
      { amount = 100n * LOOP, format = MP3, ttl = 7n * DAY, wallet = system.buyer, seller = system.seller } = {},
    ) {
      const expiresAt = (await now(system.publicClient)) + ttl;
      const { token, marketplace } = system.as(wallet);
      const fee = await marketplace.read.offerFee([amount, format]);
      await token.write.approve([marketplace.address, amount + fee]);
      const hash = await marketplace.write.openOffer([loopId, format, addressOf(seller), amount, expiresAt]);
      const offerId = await marketplace.read.offerCount();
      return { offerId, expiresAt, fee, hash };
    }

    describe("offerFee", () => {
      it("is 2% (MP3) or 4% (WAV), rounded half up to the wei", async () => {
        const { marketplace } = await loadFixture(escrowed);
        expect(await marketplace.read.offerFee([100n * LOOP, MP3])).to.equal(2n * LOOP);
        expect(await marketplace.read.offerFee([100n * LOOP, WAV])).to.equal(4n * LOOP);
        expect(await marketplace.read.offerFee([25n, MP3])).to.equal(1n); // 0.5 -> 1
        expect(await marketplace.read.offerFee([24n, MP3])).to.equal(0n); // 0.48 -> 0
        expect(await marketplace.read.offerFee([0n, WAV])).to.equal(0n);
      });
    });

    describe("openOffer", () => {
      it("escrows amount + fee, stores the offer, emits OfferOpened", async () => {
        const system = await loadFixture(escrowed);
        const { marketplace, token, buyer, seller } = system;
        const before = await token.read.balanceOf([addressOf(buyer)]);
        const { offerId, expiresAt, hash } = await open(system, { amount: 200n * LOOP, format: WAV });
        expect(offerId).to.equal(1n);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(208n * LOOP);
        expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before - 208n * LOOP);
        expect(await marketplace.read.getOffer([offerId])).to.deep.equal({
          buyer: addressOf(buyer),
          amount: 200n * LOOP,
          seller: addressOf(seller),
          expiresAt,
          format: WAV,
          status: 1,
        });
        const events = await marketplaceEvents(system, hash);
        expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
          [
            "OfferOpened",
            {
              offerId,
              buyer: addressOf(buyer),
              seller: addressOf(seller),
              loopId,
              format: WAV,
              amount: 200n * LOOP,
              fee: 8n * LOOP,
              expiresAt,
            },
          ],
        ]);
        const second = await open(system);
        expect(second.offerId).to.equal(2n);
      });

      it("reverts for a zero or own seller, zero amount, unknown format, bad expiry, overflow, and while paused", async () => {
        const system = await loadFixture(escrowed);
        const { marketplace } = system.as(system.buyer);
        const t = await now(system.publicClient);
        const seller = addressOf(system.seller);
        await expectRevert(marketplace.write.openOffer([loopId, MP3, ZERO_ADDRESS, LOOP, t + DAY]), "ZeroAddress");
        await expectRevert(marketplace.write.openOffer([loopId, MP3, addressOf(system.buyer), LOOP, t + DAY]), "SellerIsBuyer");
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, 0n, t + DAY]), "ZeroAmount");
        await expectRevert(marketplace.write.openOffer([loopId, 9, seller, LOOP, t + DAY]), "InvalidFormat", [9]);
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, LOOP, t]), "InvalidExpiry", [t]);
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, LOOP, t + 31n * DAY]), "InvalidExpiry", [t + 31n * DAY]);
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, 2n ** 96n, t + DAY]), "SafeCastOverflowedUintDowncast", [
          96,
          2n ** 96n,
        ]);
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, LOOP, t + DAY]), "ERC20InsufficientAllowance");
        await system.marketplace.write.pause();
        await expectRevert(marketplace.write.openOffer([loopId, MP3, seller, LOOP, t + DAY]), "EnforcedPause");
      });

      it("opens with a permit in one transaction (openOfferWithPermit)", async () => {
        const system = await loadFixture(escrowed);
        const { buyer } = system;
        const { marketplace } = system.as(buyer);
        const t = await now(system.publicClient);
        const permit = await signPermit(system, buyer, marketplace.address, 102n * LOOP);
        await marketplace.write.openOfferWithPermit([loopId, MP3, addressOf(system.seller), 100n * LOOP, t + DAY, permit]);
        expect((await marketplace.read.getOffer([1n])).status).to.equal(1);
        expect(await system.token.read.balanceOf([marketplace.address])).to.equal(102n * LOOP);
        await system.marketplace.write.pause();
        const again = await signPermit(system, buyer, marketplace.address, 102n * LOOP);
        await expectRevert(
          marketplace.write.openOfferWithPermit([loopId, MP3, addressOf(system.seller), 100n * LOOP, t + DAY, again]),
          "EnforcedPause",
        );
      });
    });

    describe("changeOffer", () => {
      it("raises the amount (escrowing the difference) and emits OfferChanged", async () => {
        const system = await loadFixture(escrowed);
        const { offerId } = await open(system, { amount: 100n * LOOP, format: MP3 });
        const { marketplace, token } = system.as(system.buyer);
        await token.write.approve([marketplace.address, 51n * LOOP]);
        const expiresAt = (await now(system.publicClient)) + 2n * DAY;
        const hash = await marketplace.write.changeOffer([offerId, 150n * LOOP, expiresAt]);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(153n * LOOP);
        const offer = await marketplace.read.getOffer([offerId]);
        expect([offer.amount, offer.expiresAt, offer.status]).to.deep.equal([150n * LOOP, expiresAt, 1]);
        const events = await marketplaceEvents(system, hash);
        expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
          ["OfferChanged", { offerId, amount: 150n * LOOP, fee: 3n * LOOP, expiresAt }],
        ]);
      });

      it("lowers the amount (returning the difference) or only moves the expiry", async () => {
        const system = await loadFixture(escrowed);
        const { offerId, expiresAt } = await open(system, { amount: 100n * LOOP, format: WAV });
        const { marketplace, token } = system.as(system.buyer);
        const before = await token.read.balanceOf([addressOf(system.buyer)]);
        await marketplace.write.changeOffer([offerId, 50n * LOOP, expiresAt]);
        expect(await token.read.balanceOf([addressOf(system.buyer)])).to.equal(before + 52n * LOOP);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(52n * LOOP);
        await marketplace.write.changeOffer([offerId, 50n * LOOP, expiresAt + DAY]);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(52n * LOOP);
        expect((await marketplace.read.getOffer([offerId])).expiresAt).to.equal(expiresAt + DAY);
      });

      it("reverts for another account, a settled or expired offer, bad terms, and while paused", async () => {
        const system = await loadFixture(escrowed);
        const { offerId, expiresAt } = await open(system);
        const { marketplace } = system.as(system.buyer);
        await expectRevert(system.as(system.other).marketplace.write.changeOffer([offerId, LOOP, expiresAt]), "NotBuyer", [
          addressOf(system.other),
          addressOf(system.buyer),
        ]);
        await expectRevert(marketplace.write.changeOffer([99n, LOOP, expiresAt]), "NotBuyer", [addressOf(system.buyer), ZERO_ADDRESS]);
        await expectRevert(marketplace.write.changeOffer([offerId, 0n, expiresAt]), "ZeroAmount");
        await expectRevert(marketplace.write.changeOffer([offerId, LOOP, 1n]), "InvalidExpiry", [1n]);
        await system.marketplace.write.pause();
        await expectRevert(marketplace.write.changeOffer([offerId, LOOP, expiresAt]), "EnforcedPause");
        await system.marketplace.write.unpause();
        await time.increaseTo(expiresAt);
        await expectRevert(marketplace.write.changeOffer([offerId, LOOP, expiresAt + DAY]), "OfferExpired", [offerId, expiresAt]);
        await marketplace.write.reclaimOffer([offerId]);
        await expectRevert(marketplace.write.changeOffer([offerId, LOOP, expiresAt + DAY]), "OfferNotOpen", [offerId]);
      });
    });

    describe("settleOffer", () => {
      it("accepted: pays the seller the amount and the vault the fee; emits OfferSettled", async () => {
        const system = await loadFixture(escrowed);
        const { offerId } = await open(system, { amount: 100n * LOOP, format: WAV });
        const { token, marketplace, vault, seller, buyer } = system;
        const before = await token.read.balanceOf([addressOf(seller)]);
        const hash = await system.as(system.operator).marketplace.write.settleOffer([offerId, true, 100n * LOOP]);
        expect(await token.read.balanceOf([addressOf(seller)])).to.equal(before + 100n * LOOP);
        expect(await vault.read.fees()).to.equal(4n * LOOP);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
        expect((await marketplace.read.getOffer([offerId])).status).to.equal(2);
        const events = await marketplaceEvents(system, hash);
        expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
          [
            "OfferSettled",
            { offerId, buyer: addressOf(buyer), seller: addressOf(seller), accepted: true, amount: 100n * LOOP, fee: 4n * LOOP },
          ],
        ]);
      });

      it("accepted with a zero fee (tiny amount) makes no fee transfer", async () => {
        const system = await loadFixture(escrowed);
        const { offerId } = await open(system, { amount: 10n });
        await system.as(system.operator).marketplace.write.settleOffer([offerId, true, 10n]);
        expect(await system.token.read.balanceOf([system.vault.address])).to.equal(0n);
      });

      it("rejected: returns amount and fee to the buyer", async () => {
        const system = await loadFixture(escrowed);
        const { token, marketplace, buyer } = system;
        const before = await token.read.balanceOf([addressOf(buyer)]);
        const { offerId } = await open(system, { amount: 100n * LOOP });
        const hash = await system.as(system.operator).marketplace.write.settleOffer([offerId, false, 100n * LOOP]);
        expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before);
        expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
        expect((await marketplace.read.getOffer([offerId])).status).to.equal(3);
        const events = await marketplaceEvents(system, hash);
        expect(events[0]?.args).to.include({ accepted: false, amount: 100n * LOOP, fee: 2n * LOOP });
      });

      it("settles once", async () => {
        const system = await loadFixture(escrowed);
        const { offerId } = await open(system);
        const { marketplace } = system.as(system.operator);
        await marketplace.write.settleOffer([offerId, true, 100n * LOOP]);
        await expectRevert(marketplace.write.settleOffer([offerId, true, 100n * LOOP]), "OfferNotOpen", [offerId]);
        await expectRevert(marketplace.write.settleOffer([offerId, false, 100n * LOOP]), "OfferNotOpen", [offerId]);
        await expectRevert(marketplace.write.settleOffer([42n, true, 1n]), "OfferNotOpen", [42n]);
      });

      it("reverts from the expiry on", async () => {
        const system = await loadFixture(escrowed);
        const { offerId, expiresAt } = await open(system);
        await time.setNextBlockTimestamp(expiresAt);
        await expectRevert(system.as(system.operator).marketplace.write.settleOffer([offerId, true, 100n * LOOP]), "OfferExpired", [
          offerId,
          expiresAt,
        ]);
      });

      it("reverts for accounts without OPERATOR_ROLE, and while paused", async () => {
        const system = await loadFixture(escrowed);
        const { offerId } = await open(system);
        for (const wallet of [system.seller, system.buyer, system.admin, system.arbiter]) {
          await expectRevert(
            system.as(wallet).marketplace.write.settleOffer([offerId, true, 100n * LOOP]),
            "AccessControlUnauthorizedAccount",
            [addressOf(wallet), role("OPERATOR_ROLE")],
          );
        }
        await system.marketplace.write.pause();
        await expectRevert(system.as(system.operator).marketplace.write.settleOffer([offerId, true, 100n * LOOP]), "EnforcedPause");
      });
    });

    describe("reclaimOffer", () => {
      it("returns amount + fee to the buyer from the expiry on, once; emits OfferReclaimed", async () => {
        const system = await loadFixture(escrowed);
        const { token, buyer } = system;
        const before = await token.read.balanceOf([addressOf(buyer)]);
        const { offerId, expiresAt } = await open(system, { amount: 100n * LOOP, format: WAV });
        const { marketplace } = system.as(buyer);
        await expectRevert(marketplace.write.reclaimOffer([offerId]), "OfferNotExpired", [offerId, expiresAt]);
        await time.setNextBlockTimestamp(expiresAt);
        const hash = await marketplace.write.reclaimOffer([offerId]);
        expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before);
        expect((await marketplace.read.getOffer([offerId])).status).to.equal(4);
        const events = await marketplaceEvents(system, hash);
        expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([
          ["OfferReclaimed", { offerId, buyer: addressOf(buyer), amount: 104n * LOOP }],
        ]);
        await expectRevert(marketplace.write.reclaimOffer([offerId]), "OfferNotOpen", [offerId]);
        await expectRevert(system.as(system.operator).marketplace.write.settleOffer([offerId, true, 100n * LOOP]), "OfferNotOpen", [
          offerId,
        ]);
      });

      it("reverts for anyone but the buyer, and for a settled offer; works while paused", async () => {
        const system = await loadFixture(escrowed);
        const first = await open(system);
        const second = await open(system);
        await system.as(system.operator).marketplace.write.settleOffer([first.offerId, false, 100n * LOOP]);
        await time.increaseTo(second.expiresAt);
        await expectRevert(system.as(system.seller).marketplace.write.reclaimOffer([second.offerId]), "NotBuyer", [
          addressOf(system.seller),
          addressOf(system.buyer),
        ]);
        await expectRevert(system.as(system.buyer).marketplace.write.reclaimOffer([first.offerId]), "OfferNotOpen", [first.offerId]);
        await system.marketplace.write.pause();
        await system.as(system.buyer).marketplace.write.reclaimOffer([second.offerId]);
      });
    });
  });

  describe("setDisputeWindow", () => {
    it("changes the window for later purchases and emits DisputeWindowChanged after the change", async () => {
      const system = await loadFixture(instant);
      const { marketplace } = system.as(system.operator);
      expect(await system.marketplace.read.hasRole([role("SETTINGS_ROLE"), addressOf(system.operator)])).to.equal(true);
      const hash = await marketplace.write.setDisputeWindow([WINDOW]);
      expect(await marketplace.read.disputeWindow()).to.equal(WINDOW);
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([["DisputeWindowChanged", { previousWindow: 0n, newWindow: WINDOW }]]);

      // A purchase after the change is escrowed for the new window.
      const { quote } = await buy(system, { price: 20n * LOOP, fee: LOOP });
      const block = await system.publicClient.getBlock();
      const order = await system.marketplace.read.getOrder([quote.orderId]);
      expect(order.status).to.equal(1);
      expect(order.releaseAt).to.equal(block.timestamp + WINDOW);
      expect(await system.token.read.balanceOf([system.marketplace.address])).to.equal(20n * LOOP);

      // Back to 0: purchases pay the seller at once again.
      const back = await marketplace.write.setDisputeWindow([0n]);
      expect((await marketplaceEvents(system, back)).map((e) => e.args)).to.deep.equal([{ previousWindow: WINDOW, newWindow: 0n }]);
      const { quote: later } = await buy(system, { price: 20n * LOOP, fee: LOOP });
      expect((await system.marketplace.read.getOrder([later.orderId])).status).to.equal(2);
    });

    it("leaves orders already in escrow with their releaseAt", async () => {
      const system = await loadFixture(escrowed);
      const { quote } = await buy(system, { price: 30n * LOOP, fee: LOOP });
      const before = await system.marketplace.read.getOrder([quote.orderId]);
      await system.as(system.operator).marketplace.write.setDisputeWindow([0n]);
      const after = await system.marketplace.read.getOrder([quote.orderId]);
      expect(after).to.deep.equal(before);
      await expectRevert(system.marketplace.write.release([quote.orderId]), "DisputeWindowOpen", [quote.orderId, before.releaseAt]);
      await system.as(system.arbiter).marketplace.write.refund([quote.orderId]);
      expect((await system.marketplace.read.getOrder([quote.orderId])).status).to.equal(3);

      await system.as(system.operator).marketplace.write.setDisputeWindow([30n * DAY]);
      const { quote: second } = await buy(system, { price: 30n * LOOP, fee: LOOP });
      const escrowedOrder = await system.marketplace.read.getOrder([second.orderId]);
      await system.as(system.operator).marketplace.write.setDisputeWindow([DAY]);
      await time.increase(DAY);
      await expectRevert(system.marketplace.write.release([second.orderId]), "DisputeWindowOpen", [
        second.orderId,
        escrowedOrder.releaseAt,
      ]);
    });

    it("refuses a window over 30 days and keeps the old one; accepts exactly 30 days", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace } = system.as(system.operator);
      await expectRevert(marketplace.write.setDisputeWindow([30n * DAY + 1n]), "DisputeWindowTooLong", [30n * DAY + 1n]);
      await expectRevert(marketplace.write.setDisputeWindow([2n ** 64n - 1n]), "DisputeWindowTooLong", [2n ** 64n - 1n]);
      expect(await marketplace.read.disputeWindow()).to.equal(WINDOW);
      await marketplace.write.setDisputeWindow([30n * DAY]);
      expect(await marketplace.read.disputeWindow()).to.equal(30n * DAY);
    });

    it("reverts for accounts without SETTINGS_ROLE (admin, arbiter, quote signer, buyer); works while paused", async () => {
      const system = await loadFixture(escrowed);
      for (const wallet of [system.admin, system.arbiter, system.signer, system.buyer]) {
        await expectRevert(system.as(wallet).marketplace.write.setDisputeWindow([0n]), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("SETTINGS_ROLE"),
        ]);
      }
      expect(await system.marketplace.read.disputeWindow()).to.equal(WINDOW);
      // The admin grants the role (as a deployment with SETTINGS_ADDRESS does).
      await system.marketplace.write.grantRole([role("SETTINGS_ROLE"), addressOf(system.other)]);
      await system.marketplace.write.pause();
      await system.as(system.other).marketplace.write.setDisputeWindow([0n]);
      expect(await system.marketplace.read.disputeWindow()).to.equal(0n);
    });
  });

  describe("sellers without a wallet: the vault is the seller", () => {
    // The API quotes LoopVault as the seller of a member without a wallet and credits them in app;
    // the LOOP that backs that credit must be reserve, never fees (which the admin may withdraw).
    async function vaultEvents(system: System, hash: `0x${string}`) {
      return eventsOf(system, system.vaultAbi, system.vault.address, hash);
    }
    async function openToVault(system: System, amount: bigint, format = MP3) {
      const expiresAt = (await now(system.publicClient)) + 7n * DAY;
      const { token, marketplace } = system.as(system.buyer);
      const fee = await marketplace.read.offerFee([amount, format]);
      await token.write.approve([marketplace.address, amount + fee]);
      await marketplace.write.openOffer([id("loop-v"), format, system.vault.address, amount, expiresAt]);
      return { offerId: await marketplace.read.offerCount(), fee };
    }

    it("a purchase without a window pays the price into the vault's reserve and the fee into its fees", async () => {
      const system = await loadFixture(instant);
      const { buyer, marketplace, vault, token } = system;
      const [buyerBefore] = await balances(system, [addressOf(buyer)]);
      const { quote, hash } = await buy(system, { seller: vault.address, price: 100n * LOOP, fee: 4n * LOOP, format: WAV });
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(buyerBefore! - 104n * LOOP);
      expect(await vault.read.reserve()).to.equal(100n * LOOP);
      expect(await vault.read.fees()).to.equal(4n * LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      expect(await token.read.allowance([marketplace.address, vault.address])).to.equal(0n);
      // The marketplace's events are unchanged (the indexer reads them); the vault says where the price went.
      const events = await marketplaceEvents(system, hash);
      expect(events.map((e) => e.eventName)).to.deep.equal(["Purchased", "Released"]);
      expect(events[1]?.args).to.deep.equal({ orderId: quote.orderId, seller: vault.address, amount: 100n * LOOP });
      expect((await vaultEvents(system, hash)).map((e) => [e.eventName, e.args])).to.deep.equal([
        ["ReserveCredited", { from: marketplace.address, amount: 100n * LOOP }],
      ]);
    });

    it("the admin cannot withdraw a seller's proceeds as fees", async () => {
      const system = await loadFixture(instant);
      const { vault, other } = system;
      await buy(system, { seller: vault.address, price: 100n * LOOP, fee: 2n * LOOP });
      await expectRevert(vault.write.withdrawFees([addressOf(other), 3n * LOOP]), "InsufficientFees", [3n * LOOP, 2n * LOOP]);
      await vault.write.withdrawFees([addressOf(other), 2n * LOOP]);
      expect(await vault.read.reserve()).to.equal(100n * LOOP);
      expect(await system.token.read.balanceOf([vault.address])).to.equal(100n * LOOP);
    });

    it("an escrowed purchase released to the vault goes into its reserve", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace, vault, token, other } = system;
      const { quote } = await buy(system, { seller: vault.address, price: 30n * LOOP, fee: LOOP });
      expect(await vault.read.reserve()).to.equal(0n);
      expect(await vault.read.fees()).to.equal(LOOP);
      await time.increase(WINDOW);
      const hash = await system.as(other).marketplace.write.release([quote.orderId]);
      expect(await vault.read.reserve()).to.equal(30n * LOOP);
      expect(await vault.read.fees()).to.equal(LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      expect((await marketplaceEvents(system, hash)).map((e) => [e.eventName, e.args])).to.deep.equal([
        ["Released", { orderId: quote.orderId, seller: vault.address, amount: 30n * LOOP }],
      ]);
      expect((await vaultEvents(system, hash)).map((e) => [e.eventName, e.args])).to.deep.equal([
        ["ReserveCredited", { from: marketplace.address, amount: 30n * LOOP }],
      ]);
    });

    it("a refund of an escrowed purchase to the vault returns the price to the buyer; the reserve is untouched", async () => {
      const system = await loadFixture(escrowed);
      const { vault } = system;
      const { quote } = await buy(system, { seller: vault.address, price: 30n * LOOP, fee: LOOP });
      await system.as(system.arbiter).marketplace.write.refund([quote.orderId]);
      expect(await vault.read.reserve()).to.equal(0n);
      expect(await vault.read.fees()).to.equal(LOOP);
    });

    it("an accepted offer to the vault pays the amount into its reserve and the fee into its fees; a rejected one pays nothing", async () => {
      const system = await loadFixture(escrowed);
      const { marketplace, vault, token } = system;
      const { offerId, fee } = await openToVault(system, 200n * LOOP, WAV);
      expect(fee).to.equal(8n * LOOP);
      const hash = await system.as(system.operator).marketplace.write.settleOffer([offerId, true, 200n * LOOP]);
      expect(await vault.read.reserve()).to.equal(200n * LOOP);
      expect(await vault.read.fees()).to.equal(8n * LOOP);
      expect(await token.read.balanceOf([marketplace.address])).to.equal(0n);
      expect((await vaultEvents(system, hash)).map((e) => [e.eventName, e.args])).to.deep.equal([
        ["ReserveCredited", { from: marketplace.address, amount: 200n * LOOP }],
      ]);

      const rejected = await openToVault(system, 50n * LOOP);
      await system.as(system.operator).marketplace.write.settleOffer([rejected.offerId, false, 50n * LOOP]);
      expect(await vault.read.reserve()).to.equal(200n * LOOP);
      expect(await vault.read.fees()).to.equal(8n * LOOP);
    });

    it("works while the vault is paused (a paused vault never holds up the escrow)", async () => {
      const system = await loadFixture(escrowed);
      const { vault } = system;
      const { quote } = await buy(system, { seller: vault.address, price: 30n * LOOP, fee: LOOP });
      const { offerId } = await openToVault(system, 10n * LOOP);
      await vault.write.pause();
      await time.increase(WINDOW);
      await system.marketplace.write.release([quote.orderId]);
      await system.as(system.operator).marketplace.write.settleOffer([offerId, true, 10n * LOOP]);
      expect(await vault.read.reserve()).to.equal(40n * LOOP);
    });

    it("needs the vault's MARKETPLACE_ROLE: without it the sale reverts and nothing moves", async () => {
      const system = await loadFixture(instant);
      const { vault, marketplace, buyer, token } = system;
      await vault.write.revokeRole([role("MARKETPLACE_ROLE"), marketplace.address]);
      const [before] = await balances(system, [addressOf(buyer)]);
      await expectRevert(buy(system, { seller: vault.address, price: 10n * LOOP, fee: LOOP }), "AccessControlUnauthorizedAccount", [
        marketplace.address,
        role("MARKETPLACE_ROLE"),
      ]);
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before);
      expect(await token.read.balanceOf([vault.address])).to.equal(0n);
    });
  });

  describe("pause", () => {
    it("only the admin pauses and unpauses", async () => {
      const system = await loadFixture(escrowed);
      for (const wallet of [system.operator, system.arbiter, system.signer]) {
        await expectRevert(system.as(wallet).marketplace.write.pause(), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("DEFAULT_ADMIN_ROLE"),
        ]);
      }
      await system.marketplace.write.pause();
      await expectRevert(system.as(system.operator).marketplace.write.unpause(), "AccessControlUnauthorizedAccount");
      await system.marketplace.write.unpause();
      expect(await system.marketplace.read.paused()).to.equal(false);
    });
  });
});
