// Attacks on the escrow and the vault: replays, forged or misdirected quotes, reentrancy through a
// malicious token, stale offer settlements, payout replays, and calls without the role.
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { encodeFunctionData, getAddress, type Hex } from "viem";
import {
  DAY,
  LOOP,
  MP3,
  addressOf,
  bind,
  buy,
  deploySystem,
  expectRevert,
  id,
  makeQuote,
  now,
  role,
  signPermit,
  signQuote,
  type System,
} from "./helpers";
import { WINDOW, approveAndPurchase, escrowed, signedQuote } from "./fixtures";

describe("attacks", () => {
  describe("quotes", () => {
    it("a replayed quote fails: each order id pays once", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await buy(system);
      await expectRevert(approveAndPurchase(system, system.buyer, quote, signature), "OrderAlreadyUsed", [quote.orderId]);
      expect(await system.token.read.balanceOf([system.marketplace.address])).to.equal(quote.price);
    });

    it("a quote for another buyer fails, with or without a permit (a copied signature is useless)", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system);
      await expectRevert(approveAndPurchase(system, system.other, quote, signature), "NotBuyer", [
        addressOf(system.other),
        addressOf(system.buyer),
      ]);
      const { marketplace } = system.as(system.other);
      const permit = await signPermit(system, system.other, marketplace.address, quote.price + quote.fee);
      await expectRevert(marketplace.write.purchaseWithPermit([quote, signature, permit]), "NotBuyer");
      // Rewriting the buyer breaks the signature.
      await expectRevert(
        approveAndPurchase(system, system.other, { ...quote, buyer: addressOf(system.other) }, signature),
        "InvalidQuoteSigner",
      );
    });

    it("an expired quote fails", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system, { deadline: (await now(system.publicClient)) + 10n });
      await time.increase(11);
      await expectRevert(approveAndPurchase(system, system.buyer, quote, signature), "QuoteExpired", [quote.deadline]);
    });

    it("a quote signed for another chain fails", async () => {
      const system = await loadFixture(escrowed);
      const quote = await makeQuote(system);
      for (const chainId of [1, 56, 97, 11155111]) {
        const signature = await signQuote(system, quote, { chainId });
        await expectRevert(approveAndPurchase(system, system.buyer, quote, signature), "InvalidQuoteSigner");
      }
    });

    it("a quote signed for another marketplace fails, even where the same signer has the role", async () => {
      const system = await loadFixture(escrowed);
      const other = await hre.viem.deployContract("LoopMarketplace", [
        system.token.address,
        system.vault.address,
        addressOf(system.admin),
        WINDOW,
      ]);
      const otherMarketplace = bind(system.marketplaceAbi, getAddress(other.address), system.publicClient, system.admin);
      await otherMarketplace.write.grantRole([role("QUOTE_SIGNER_ROLE"), addressOf(system.signer)]);
      const quote = await makeQuote(system);
      const forOther = await signQuote(system, quote, { verifyingContract: otherMarketplace.address });
      await expectRevert(approveAndPurchase(system, system.buyer, quote, forOther), "InvalidQuoteSigner");
      // ... and the other way round.
      const forThis = await signQuote(system, quote);
      const asBuyer = bind(system.marketplaceAbi, otherMarketplace.address, system.publicClient, system.buyer);
      await system.as(system.buyer).token.write.approve([asBuyer.address, quote.price + quote.fee]);
      await expectRevert(asBuyer.write.purchase([quote, forThis]), "InvalidQuoteSigner");
    });

    it("a quote from a wrong signer (the admin, the operator, the buyer) fails", async () => {
      const system = await loadFixture(escrowed);
      for (const by of [system.admin, system.operator, system.buyer, system.arbiter]) {
        const quote = await makeQuote(system);
        await expectRevert(approveAndPurchase(system, system.buyer, quote, await signQuote(system, quote, { by })), "InvalidQuoteSigner", [
          addressOf(by),
        ]);
      }
    });

    it("a tampered quote (lower price, other seller, other loop, other format, later deadline) fails", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system);
      const tampered = [
        { price: quote.price - 1n },
        { fee: 0n },
        { seller: addressOf(system.other) },
        { loopId: id("another loop") },
        { format: 1 },
        { deadline: quote.deadline + 1n },
        { orderId: id("another order") },
      ];
      for (const change of tampered) {
        await expectRevert(approveAndPurchase(system, system.buyer, { ...quote, ...change }, signature), "InvalidQuoteSigner");
      }
    });

    it("a malleable (high-s) signature is refused", async () => {
      const system = await loadFixture(escrowed);
      const { quote, signature } = await signedQuote(system);
      const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
      const s = BigInt(`0x${signature.slice(66, 130)}`);
      const v = Number.parseInt(signature.slice(130, 132), 16);
      const flipped = `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
      await expectRevert(approveAndPurchase(system, system.buyer, quote, flipped), "ECDSAInvalidSignatureS");
    });
  });

  describe("reentrancy through a malicious token", () => {
    async function withEvilToken() {
      const system = await deploySystem({ disputeWindow: WINDOW });
      const evil = await hre.viem.deployContract("ReentrantToken", []);
      const evilAddress = getAddress(evil.address);
      const vault = await hre.viem.deployContract("LoopVault", [evilAddress, addressOf(system.admin), 1_000_000n * LOOP]);
      const market = await hre.viem.deployContract("LoopMarketplace", [
        evilAddress,
        getAddress(vault.address),
        addressOf(system.admin),
        WINDOW,
      ]);
      const marketAddress = getAddress(market.address);
      const vaultAddress = getAddress(vault.address);
      const asAdmin = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.admin);
      await asAdmin.write.grantRole([role("QUOTE_SIGNER_ROLE"), addressOf(system.signer)]);
      await asAdmin.write.grantRole([role("ARBITER_ROLE"), addressOf(system.arbiter)]);
      await asAdmin.write.grantRole([role("OPERATOR_ROLE"), addressOf(system.operator)]);
      const vaultAsAdmin = bind(system.vaultAbi, vaultAddress, system.publicClient, system.admin);
      await vaultAsAdmin.write.grantRole([role("OPERATOR_ROLE"), addressOf(system.operator)]);
      await vaultAsAdmin.write.grantRole([role("MARKETPLACE_ROLE"), marketAddress]);
      for (const wallet of [system.buyer, system.other]) {
        await evil.write.mint([addressOf(wallet), 1_000n * LOOP]);
        await bind(system.tokenAbi, evilAddress, system.publicClient, wallet).write.approve([marketAddress, 1_000n * LOOP]);
        await bind(system.tokenAbi, evilAddress, system.publicClient, wallet).write.approve([vaultAddress, 1_000n * LOOP]);
      }
      // Sign quotes for this marketplace.
      const sign = (overrides: Parameters<typeof signedQuote>[1] = {}) =>
        signedQuote(system, overrides, { verifyingContract: marketAddress });
      return { system, evil, marketAddress, vaultAddress, sign };
    }

    const arm = async (evil: Awaited<ReturnType<typeof withEvilToken>>["evil"], target: `0x${string}`, data: Hex) =>
      evil.write.arm([target, data]);

    it("purchase cannot be re-entered (release of another order from inside the transfer)", async () => {
      const { system, evil, marketAddress, sign } = await loadFixture(withEvilToken);
      const first = await sign();
      const market = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.buyer);
      await market.write.purchase([first.quote, first.signature]);
      await time.increase(WINDOW);
      await arm(
        evil,
        marketAddress,
        encodeFunctionData({ abi: system.marketplaceAbi, functionName: "release", args: [first.quote.orderId] }),
      );
      const second = await sign();
      await expectRevert(market.write.purchase([second.quote, second.signature]), "ReentrancyGuardReentrantCall");
    });

    it("release cannot be re-entered to pay twice", async () => {
      const { system, evil, marketAddress, sign } = await loadFixture(withEvilToken);
      const { quote, signature } = await sign();
      const market = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.buyer);
      await market.write.purchase([quote, signature]);
      await time.increase(WINDOW);
      await arm(evil, marketAddress, encodeFunctionData({ abi: system.marketplaceAbi, functionName: "release", args: [quote.orderId] }));
      await expectRevert(market.write.release([quote.orderId]), "ReentrancyGuardReentrantCall");
      expect((await market.read.getOrder([quote.orderId])).status).to.equal(1);
    });

    it("reclaimOffer and settleOffer cannot be re-entered", async () => {
      const { system, evil, marketAddress } = await loadFixture(withEvilToken);
      const market = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.buyer);
      const expiresAt = (await now(system.publicClient)) + DAY;
      await market.write.openOffer([id("loop"), MP3, addressOf(system.seller), 10n * LOOP, expiresAt]);
      await market.write.openOffer([id("loop"), MP3, addressOf(system.seller), 10n * LOOP, expiresAt]);
      await arm(evil, marketAddress, encodeFunctionData({ abi: system.marketplaceAbi, functionName: "reclaimOffer", args: [1n] }));
      const asOperator = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.operator);
      await expectRevert(asOperator.write.settleOffer([2n, false, 10n * LOOP]), "ReentrancyGuardReentrantCall");
      await time.increaseTo(expiresAt);
      await expectRevert(market.write.reclaimOffer([1n]), "ReentrancyGuardReentrantCall");
      expect((await market.read.getOffer([1n])).status).to.equal(1);
    });

    it("a sale paid into the vault's reserve cannot re-enter the marketplace or the vault", async () => {
      const { system, evil, marketAddress, vaultAddress, sign } = await loadFixture(withEvilToken);
      const market = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.buyer);
      const vault = bind(system.vaultAbi, vaultAddress, system.publicClient, system.buyer);
      const { quote, signature } = await sign({ seller: vaultAddress, price: 10n * LOOP, fee: 0n });
      await market.write.purchase([quote, signature]);
      await time.increase(WINDOW);
      // From inside the vault's pull of the proceeds: the marketplace again, then the vault.
      await arm(evil, marketAddress, encodeFunctionData({ abi: system.marketplaceAbi, functionName: "release", args: [quote.orderId] }));
      await expectRevert(market.write.release([quote.orderId]), "ReentrancyGuardReentrantCall");
      await arm(evil, vaultAddress, encodeFunctionData({ abi: system.vaultAbi, functionName: "creditReserve", args: [10n * LOOP] }));
      await expectRevert(market.write.release([quote.orderId]), "ReentrancyGuardReentrantCall");
      expect((await market.read.getOrder([quote.orderId])).status).to.equal(1);
      expect(await vault.read.reserve()).to.equal(0n);
    });

    it("the vault's payout and deposit cannot be re-entered", async () => {
      const { system, evil, vaultAddress } = await loadFixture(withEvilToken);
      const vault = bind(system.vaultAbi, vaultAddress, system.publicClient, system.buyer);
      await vault.write.deposit([100n * LOOP, id("ref")]);
      const payout = encodeFunctionData({ abi: system.vaultAbi, functionName: "payout", args: [addressOf(system.other), LOOP, id("w2")] });
      await arm(evil, vaultAddress, payout);
      const asOperator = bind(system.vaultAbi, vaultAddress, system.publicClient, system.operator);
      await expectRevert(asOperator.write.payout([addressOf(system.other), LOOP, id("w1")]), "ReentrancyGuardReentrantCall");
      await expectRevert(vault.write.deposit([LOOP, id("ref")]), "ReentrancyGuardReentrantCall");
      expect(await vault.read.reserve()).to.equal(100n * LOOP);
    });
    it("no guarded function of either contract can be entered from inside a token transfer", async () => {
      const { system, evil, marketAddress, vaultAddress, sign } = await loadFixture(withEvilToken);
      const { quote, signature } = await sign();
      const permit = { value: 0n, deadline: 0n, v: 27, r: id("r"), s: id("s") };
      const loop = id("loop");
      const seller = addressOf(system.seller);
      const m = system.marketplaceAbi;
      const v = system.vaultAbi;
      const marketCalls = [
        encodeFunctionData({ abi: m, functionName: "purchase", args: [quote, signature] }),
        encodeFunctionData({ abi: m, functionName: "purchaseWithPermit", args: [quote, signature, permit] }),
        encodeFunctionData({ abi: m, functionName: "release", args: [quote.orderId] }),
        encodeFunctionData({ abi: m, functionName: "refund", args: [quote.orderId] }),
        encodeFunctionData({ abi: m, functionName: "openOffer", args: [loop, MP3, seller, LOOP, 1n] }),
        encodeFunctionData({ abi: m, functionName: "openOfferWithPermit", args: [loop, MP3, seller, LOOP, 1n, permit] }),
        encodeFunctionData({ abi: m, functionName: "changeOffer", args: [1n, LOOP, 1n] }),
        encodeFunctionData({ abi: m, functionName: "settleOffer", args: [1n, true, LOOP] }),
        encodeFunctionData({ abi: m, functionName: "reclaimOffer", args: [1n] }),
      ];
      const market = bind(system.marketplaceAbi, marketAddress, system.publicClient, system.buyer);
      for (const data of marketCalls) {
        await arm(evil, marketAddress, data);
        const fresh = await sign();
        await expectRevert(market.write.purchase([fresh.quote, fresh.signature]), "ReentrancyGuardReentrantCall");
      }
      const vaultCalls = [
        encodeFunctionData({ abi: v, functionName: "deposit", args: [LOOP, id("ref")] }),
        encodeFunctionData({ abi: v, functionName: "depositWithPermit", args: [LOOP, id("ref"), permit] }),
        encodeFunctionData({ abi: v, functionName: "fundReserve", args: [LOOP] }),
        encodeFunctionData({ abi: v, functionName: "payout", args: [seller, LOOP, id("w")] }),
        encodeFunctionData({ abi: v, functionName: "withdrawFees", args: [seller, LOOP] }),
        encodeFunctionData({ abi: v, functionName: "creditReserve", args: [LOOP] }),
      ];
      const vault = bind(system.vaultAbi, vaultAddress, system.publicClient, system.buyer);
      for (const data of vaultCalls) {
        await arm(evil, vaultAddress, data);
        await expectRevert(vault.write.deposit([LOOP, id("ref")]), "ReentrancyGuardReentrantCall");
      }
    });
  });

  describe("offers", () => {
    /** Offer 1, open: the buyer's 100 LOOP for the loop's MP3, expiring in a day (1,000 LOOP approved). */
    async function openedOffer() {
      const system = await loadFixture(escrowed);
      const { marketplace, token } = system.as(system.buyer);
      const expiresAt = (await now(system.publicClient)) + DAY;
      await token.write.approve([marketplace.address, 1_000n * LOOP]);
      await marketplace.write.openOffer([id("loop"), MP3, addressOf(system.seller), 100n * LOOP, expiresAt]);
      return { system, marketplace, expiresAt };
    }

    it("an offer whose amount changed cannot be settled at the old amount (accept or reject)", async () => {
      const { system, marketplace, expiresAt } = await openedOffer();
      // The seller answers 100; meanwhile the buyer lowers the offer to 60.
      await marketplace.write.changeOffer([1n, 60n * LOOP, expiresAt]);
      const asOperator = system.as(system.operator).marketplace;
      await expectRevert(asOperator.write.settleOffer([1n, true, 100n * LOOP]), "OfferAmountChanged", [1n, 100n * LOOP, 60n * LOOP]);
      await expectRevert(asOperator.write.settleOffer([1n, false, 100n * LOOP]), "OfferAmountChanged", [1n, 100n * LOOP, 60n * LOOP]);
      await asOperator.write.settleOffer([1n, true, 60n * LOOP]);
      expect(await system.token.read.balanceOf([marketplace.address])).to.equal(0n);
    });

    it("nobody but the buyer moves an open offer's escrow before it is settled or expired", async () => {
      const { system, marketplace, expiresAt } = await openedOffer();
      for (const wallet of [system.seller, system.other, system.admin, system.operator, system.arbiter]) {
        await expectRevert(system.as(wallet).marketplace.write.reclaimOffer([1n]), "NotBuyer");
        await expectRevert(system.as(wallet).marketplace.write.changeOffer([1n, LOOP, expiresAt]), "NotBuyer");
      }
      await expectRevert(marketplace.write.reclaimOffer([1n]), "OfferNotExpired", [1n, expiresAt]);
    });
  });

  describe("payouts", () => {
    it("a stolen operator key drains at most the payout limit per period, and cannot raise it", async () => {
      const system = await deploySystem({ payoutLimit: 1_000n * LOOP });
      const { vault: asBuyer, token } = system.as(system.buyer);
      await token.write.approve([asBuyer.address, 100_000n * LOOP]);
      await asBuyer.write.deposit([100_000n * LOOP, id("ref")]);
      const thief = addressOf(system.other);
      const { vault } = system.as(system.operator);
      await expectRevert(vault.write.setPayoutLimit([100_000n * LOOP]), "AccessControlUnauthorizedAccount", [
        addressOf(system.operator),
        role("DEFAULT_ADMIN_ROLE"),
      ]);
      await expectRevert(
        system.as(system.operator).vault.write.grantRole([role("DEFAULT_ADMIN_ROLE"), addressOf(system.operator)]),
        "AccessControlUnauthorizedAccount",
      );
      const [, endsAt] = await vault.read.payoutAllowance();
      await time.setNextBlockTimestamp(endsAt); // the start of a period
      await expectRevert(vault.write.payout([thief, 100_000n * LOOP, id("all")]), "PayoutLimitExceeded", [
        100_000n * LOOP,
        1_000n * LOOP,
        endsAt + DAY,
      ]);
      // Many small payouts in one period add up to the limit and no more.
      let paid = 0n;
      for (let i = 0; i < 12; i++) {
        try {
          await vault.write.payout([thief, 100n * LOOP, id(`small-${i}`)]);
          paid += 100n * LOOP;
        } catch (error) {
          expect(String(error)).to.contain("PayoutLimitExceeded");
        }
      }
      expect(paid).to.equal(1_000n * LOOP);
      expect(await system.token.read.balanceOf([thief])).to.equal(1_000_000n * LOOP + 1_000n * LOOP);
      expect(await vault.read.reserve()).to.equal(99_000n * LOOP);
      // The admin, seeing it, stops payouts at once.
      await system.vault.write.setPayoutLimit([0n]);
      await time.setNextBlockTimestamp(endsAt + DAY);
      await expectRevert(vault.write.payout([thief, 100n * LOOP, id("next-day")]), "PayoutLimitExceeded", [
        100n * LOOP,
        0n,
        endsAt + 2n * DAY,
      ]);
    });

    it("a withdrawal id pays once, whatever the amount or receiver", async () => {
      const system = await loadFixture(escrowed);
      const { vault: asBuyer, token } = system.as(system.buyer);
      await token.write.approve([asBuyer.address, 100n * LOOP]);
      await asBuyer.write.deposit([100n * LOOP, id("ref")]);
      const { vault } = system.as(system.operator);
      await vault.write.payout([addressOf(system.other), LOOP, id("w")]);
      await expectRevert(vault.write.payout([addressOf(system.other), LOOP, id("w")]), "WithdrawalAlreadyPaid", [id("w")]);
      await expectRevert(vault.write.payout([addressOf(system.buyer), 5n * LOOP, id("w")]), "WithdrawalAlreadyPaid", [id("w")]);
      expect(await vault.read.reserve()).to.equal(99n * LOOP);
    });
  });

  describe("calls without the role", () => {
    it("every role-gated function refuses every account without its role", async () => {
      const system = await loadFixture(escrowed);
      const everyone = [system.admin, system.buyer, system.seller, system.other, system.arbiter, system.operator, system.signer];
      const cases: { role: string; holders: (typeof everyone)[number][]; call: (s: ReturnType<System["as"]>) => Promise<unknown> }[] = [
        { role: "MINTER_ROLE", holders: [system.admin], call: (s) => s.token.write.mint([addressOf(system.other), 1n]) },
        { role: "ARBITER_ROLE", holders: [system.arbiter], call: (s) => s.marketplace.write.refund([id("o")]) },
        { role: "OPERATOR_ROLE", holders: [system.operator], call: (s) => s.marketplace.write.settleOffer([1n, true, 1n]) },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.marketplace.write.pause() },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.marketplace.write.unpause() },
        {
          role: "DEFAULT_ADMIN_ROLE",
          holders: [system.admin],
          call: (s) => s.marketplace.write.grantRole([role("OPERATOR_ROLE"), addressOf(system.other)]),
        },
        { role: "OPERATOR_ROLE", holders: [system.operator], call: (s) => s.vault.write.payout([addressOf(system.other), LOOP, id("w")]) },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.vault.write.withdrawFees([addressOf(system.other), 1n]) },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.vault.write.setPayoutLimit([1n]) },
        { role: "MARKETPLACE_ROLE", holders: [], call: (s) => s.vault.write.creditReserve([1n]) },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.vault.write.pause() },
        { role: "DEFAULT_ADMIN_ROLE", holders: [system.admin], call: (s) => s.vault.write.unpause() },
        {
          role: "DEFAULT_ADMIN_ROLE",
          holders: [system.admin],
          call: (s) => s.token.write.grantRole([role("MINTER_ROLE"), addressOf(system.other)]),
        },
      ];
      for (const c of cases) {
        for (const wallet of everyone.filter((w) => !c.holders.includes(w))) {
          await expectRevert(c.call(system.as(wallet)), "AccessControlUnauthorizedAccount", [addressOf(wallet), role(c.role)]);
        }
      }
    });
  });
});
