import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { getAddress, parseEventLogs, zeroHash } from "viem";
import {
  DEFAULT_PAYOUT_LIMIT,
  LOOP,
  PAYOUT_PERIOD,
  WEI_PER_LEDGER_UNIT,
  ZERO_ADDRESS,
  addressOf,
  buy,
  deploySystem,
  eventsOf,
  expectRevert,
  id,
  now,
  role,
  signPermit,
  type System,
} from "./helpers";

describe("LoopVault", () => {
  const fixture = () => deploySystem();
  const ref = id("account-ref-1");

  async function deposit(system: System, amount: bigint, wallet = system.buyer, accountRef = ref) {
    const { token, vault } = system.as(wallet);
    await token.write.approve([vault.address, amount]);
    return vault.write.deposit([amount, accountRef]);
  }

  describe("deployment", () => {
    it("knows its token, admin and payout limit, and starts empty", async () => {
      const { vault, token, admin } = await loadFixture(fixture);
      expect(await vault.read.token()).to.equal(token.address);
      expect(await vault.read.hasRole([role("DEFAULT_ADMIN_ROLE"), addressOf(admin)])).to.equal(true);
      expect(await vault.read.reserve()).to.equal(0n);
      expect(await vault.read.fees()).to.equal(0n);
      expect(await vault.read.WEI_PER_LEDGER_UNIT()).to.equal(WEI_PER_LEDGER_UNIT);
      expect(await vault.read.payoutLimit()).to.equal(DEFAULT_PAYOUT_LIMIT);
      expect(await vault.read.PAYOUT_PERIOD()).to.equal(PAYOUT_PERIOD);
    });

    it("emits PayoutLimitChanged from 0 to the constructor's limit", async () => {
      const { token, admin, publicClient, vaultAbi } = await loadFixture(fixture);
      const hash = await admin.deployContract({
        abi: vaultAbi,
        bytecode: (await hre.artifacts.readArtifact("LoopVault")).bytecode as `0x${string}`,
        args: [token.address, addressOf(admin), 7n * LOOP],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      const events = parseEventLogs({ abi: vaultAbi, logs: receipt.logs, eventName: "PayoutLimitChanged" });
      expect(events.map((e) => [getAddress(e.address), e.args])).to.deep.equal([
        [getAddress(receipt.contractAddress!), { previousLimit: 0n, newLimit: 7n * LOOP }],
      ]);
    });

    it("refuses zero addresses", async () => {
      const { token, admin } = await loadFixture(fixture);
      await expectRevert(hre.viem.deployContract("LoopVault", [ZERO_ADDRESS, addressOf(admin), LOOP]), "ZeroAddress");
      await expectRevert(hre.viem.deployContract("LoopVault", [token.address, ZERO_ADDRESS, LOOP]), "ZeroAddress");
    });
  });

  describe("deposit", () => {
    it("takes whole ledger units, grows the reserve and emits Deposited", async () => {
      const system = await loadFixture(fixture);
      const { vault, token, buyer, vaultAbi } = system;
      const amount = 12n * LOOP + 3n * WEI_PER_LEDGER_UNIT;
      const before = await token.read.balanceOf([addressOf(buyer)]);
      const hash = await deposit(system, amount);
      expect(await vault.read.reserve()).to.equal(amount);
      expect(await vault.read.fees()).to.equal(0n);
      expect(await token.read.balanceOf([vault.address])).to.equal(amount);
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before - amount);
      const events = await eventsOf(system, vaultAbi, vault.address, hash);
      expect(events.map((e) => e.eventName)).to.deep.equal(["Deposited"]);
      expect(events[0]?.args).to.deep.equal({ from: addressOf(buyer), accountRef: ref, amount });
    });

    it("reverts for a part of a ledger unit", async () => {
      const system = await loadFixture(fixture);
      await expectRevert(deposit(system, LOOP + 1n), "NotWholeLedgerUnits", [LOOP + 1n]);
      await expectRevert(deposit(system, WEI_PER_LEDGER_UNIT - 1n), "NotWholeLedgerUnits", [WEI_PER_LEDGER_UNIT - 1n]);
    });

    it("reverts for zero, and without an account reference", async () => {
      const system = await loadFixture(fixture);
      await expectRevert(deposit(system, 0n), "ZeroAmount");
      await expectRevert(deposit(system, LOOP, system.buyer, zeroHash), "ZeroAccountRef");
    });

    it("reverts without allowance", async () => {
      const system = await loadFixture(fixture);
      const { vault } = system.as(system.buyer);
      await expectRevert(vault.write.deposit([LOOP, ref]), "ERC20InsufficientAllowance", [vault.address, 0n, LOOP]);
    });

    it("reverts while paused, and works again after unpause", async () => {
      const system = await loadFixture(fixture);
      await system.vault.write.pause();
      await expectRevert(deposit(system, LOOP), "EnforcedPause");
      await system.vault.write.unpause();
      await deposit(system, LOOP);
      expect(await system.vault.read.reserve()).to.equal(LOOP);
    });
  });

  describe("depositWithPermit", () => {
    it("deposits with a permit in one transaction", async () => {
      const system = await loadFixture(fixture);
      const { buyer } = system;
      const { vault } = system.as(buyer);
      const permit = await signPermit(system, buyer, vault.address, 5n * LOOP);
      await vault.write.depositWithPermit([5n * LOOP, ref, permit]);
      expect(await vault.read.reserve()).to.equal(5n * LOOP);
      expect(await system.token.read.allowance([addressOf(buyer), vault.address])).to.equal(0n);
    });

    it("still deposits when a front-runner used the permit first (the allowance exists)", async () => {
      const system = await loadFixture(fixture);
      const { buyer, other } = system;
      const { vault } = system.as(buyer);
      const permit = await signPermit(system, buyer, vault.address, 5n * LOOP);
      await system
        .as(other)
        .token.write.permit([addressOf(buyer), vault.address, permit.value, permit.deadline, permit.v, permit.r, permit.s]);
      await vault.write.depositWithPermit([5n * LOOP, ref, permit]);
      expect(await vault.read.reserve()).to.equal(5n * LOOP);
    });

    it("reverts when the permit is bad and there is no allowance", async () => {
      const system = await loadFixture(fixture);
      const { buyer, other } = system;
      const { vault } = system.as(buyer);
      const permit = await signPermit(system, other, vault.address, 5n * LOOP); // signed by someone else
      await expectRevert(vault.write.depositWithPermit([5n * LOOP, ref, permit]), "ERC20InsufficientAllowance");
    });

    it("reverts while paused", async () => {
      const system = await loadFixture(fixture);
      const permit = await signPermit(system, system.buyer, system.vault.address, LOOP);
      await system.vault.write.pause();
      await expectRevert(system.as(system.buyer).vault.write.depositWithPermit([LOOP, ref, permit]), "EnforcedPause");
    });
  });

  describe("fundReserve", () => {
    it("adds to the reserve without an account and emits ReserveFunded", async () => {
      const system = await loadFixture(fixture);
      const { admin, token, vault, vaultAbi } = system;
      await token.write.mint([addressOf(admin), 50n * LOOP]);
      await token.write.approve([vault.address, 50n * LOOP]);
      const hash = await vault.write.fundReserve([50n * LOOP]);
      expect(await vault.read.reserve()).to.equal(50n * LOOP);
      const [event] = await eventsOf(system, vaultAbi, vault.address, hash);
      expect(event?.eventName).to.equal("ReserveFunded");
      expect(event?.args).to.deep.equal({ from: addressOf(admin), amount: 50n * LOOP });
    });

    it("reverts for zero, parts of ledger units, and while paused", async () => {
      const system = await loadFixture(fixture);
      const { vault } = system.as(system.buyer);
      await system.as(system.buyer).token.write.approve([vault.address, 10n * LOOP]);
      await expectRevert(vault.write.fundReserve([0n]), "ZeroAmount");
      await expectRevert(vault.write.fundReserve([7n]), "NotWholeLedgerUnits", [7n]);
      await system.vault.write.pause();
      await expectRevert(vault.write.fundReserve([LOOP]), "EnforcedPause");
    });
  });

  describe("payout", () => {
    const withdrawal = id("withdrawal-1");

    it("pays from the reserve by the operator and emits PaidOut", async () => {
      const system = await loadFixture(fixture);
      const { operator, other, vaultAbi, token } = system;
      await deposit(system, 10n * LOOP);
      const { vault } = system.as(operator);
      const before = await token.read.balanceOf([addressOf(other)]);
      const hash = await vault.write.payout([addressOf(other), 4n * LOOP, withdrawal]);
      expect(await vault.read.reserve()).to.equal(6n * LOOP);
      expect(await vault.read.withdrawalPaid([withdrawal])).to.equal(true);
      expect(await token.read.balanceOf([addressOf(other)])).to.equal(before + 4n * LOOP);
      const [event] = await eventsOf(system, vaultAbi, vault.address, hash);
      expect(event?.eventName).to.equal("PaidOut");
      expect(event?.args).to.deep.equal({ withdrawalId: withdrawal, to: addressOf(other), amount: 4n * LOOP });
    });

    it("pays each withdrawal id once", async () => {
      const system = await loadFixture(fixture);
      await deposit(system, 10n * LOOP);
      const { vault } = system.as(system.operator);
      await vault.write.payout([addressOf(system.other), LOOP, withdrawal]);
      await expectRevert(vault.write.payout([addressOf(system.other), LOOP, withdrawal]), "WithdrawalAlreadyPaid", [withdrawal]);
      await expectRevert(vault.write.payout([addressOf(system.buyer), 2n * LOOP, withdrawal]), "WithdrawalAlreadyPaid", [withdrawal]);
    });

    it("reverts for an account without OPERATOR_ROLE (the admin included)", async () => {
      const system = await loadFixture(fixture);
      await deposit(system, 10n * LOOP);
      for (const wallet of [system.other, system.admin, system.arbiter]) {
        await expectRevert(
          system.as(wallet).vault.write.payout([addressOf(wallet), LOOP, withdrawal]),
          "AccessControlUnauthorizedAccount",
          [addressOf(wallet), role("OPERATOR_ROLE")],
        );
      }
    });

    it("never pays more than the reserve, and never from the fees", async () => {
      const system = await loadFixture(fixture);
      await deposit(system, 3n * LOOP);
      await buy(system, { price: 100n * LOOP, fee: 2n * LOOP }); // 2 LOOP of fees in the vault
      expect(await system.vault.read.fees()).to.equal(2n * LOOP);
      const { vault } = system.as(system.operator);
      await expectRevert(vault.write.payout([addressOf(system.other), 4n * LOOP, withdrawal]), "InsufficientReserve", [
        4n * LOOP,
        3n * LOOP,
      ]);
      await vault.write.payout([addressOf(system.other), 3n * LOOP, withdrawal]);
      expect(await vault.read.reserve()).to.equal(0n);
      expect(await vault.read.fees()).to.equal(2n * LOOP);
    });

    it("reverts for zero, parts of ledger units, the zero address, a zero id, and while paused", async () => {
      const system = await loadFixture(fixture);
      await deposit(system, 10n * LOOP);
      const { vault } = system.as(system.operator);
      const to = addressOf(system.other);
      await expectRevert(vault.write.payout([to, 0n, withdrawal]), "ZeroAmount");
      await expectRevert(vault.write.payout([to, LOOP + 5n, withdrawal]), "NotWholeLedgerUnits", [LOOP + 5n]);
      await expectRevert(vault.write.payout([ZERO_ADDRESS, LOOP, withdrawal]), "ZeroAddress");
      await expectRevert(vault.write.payout([to, LOOP, zeroHash]), "ZeroWithdrawalId");
      await system.vault.write.pause();
      await expectRevert(vault.write.payout([to, LOOP, withdrawal]), "EnforcedPause");
    });
  });

  describe("creditReserve", () => {
    /** A wallet given MARKETPLACE_ROLE, with LOOP approved for the vault (as LoopMarketplace approves before it calls). */
    async function asMarketplace(system: System, amount: bigint) {
      const wallet = system.other;
      await system.vault.write.grantRole([role("MARKETPLACE_ROLE"), addressOf(wallet)]);
      await system.as(wallet).token.write.approve([system.vault.address, amount]);
      return system.as(wallet).vault;
    }

    it("pulls the proceeds into the reserve (not the fees) and emits ReserveCredited", async () => {
      const system = await loadFixture(fixture);
      const { token, vault, vaultAbi, other } = system;
      const asMarket = await asMarketplace(system, 30n * LOOP);
      const before = await token.read.balanceOf([addressOf(other)]);
      const hash = await asMarket.write.creditReserve([30n * LOOP]);
      expect(await vault.read.reserve()).to.equal(30n * LOOP);
      expect(await vault.read.fees()).to.equal(0n);
      expect(await token.read.balanceOf([addressOf(other)])).to.equal(before - 30n * LOOP);
      const events = await eventsOf(system, vaultAbi, vault.address, hash);
      expect(events.map((e) => [e.eventName, e.args])).to.deep.equal([["ReserveCredited", { from: addressOf(other), amount: 30n * LOOP }]]);
    });

    it("takes any amount above zero (parts of a ledger unit only back the ledger more), also while paused", async () => {
      const system = await loadFixture(fixture);
      const asMarket = await asMarketplace(system, LOOP);
      await expectRevert(asMarket.write.creditReserve([0n]), "ZeroAmount");
      await system.vault.write.pause();
      await asMarket.write.creditReserve([7n]);
      expect(await system.vault.read.reserve()).to.equal(7n);
    });

    it("reverts without the allowance, and for every account without MARKETPLACE_ROLE (the admin and operator included)", async () => {
      const system = await loadFixture(fixture);
      await system.vault.write.grantRole([role("MARKETPLACE_ROLE"), addressOf(system.other)]);
      await expectRevert(system.as(system.other).vault.write.creditReserve([LOOP]), "ERC20InsufficientAllowance", [
        system.vault.address,
        0n,
        LOOP,
      ]);
      for (const wallet of [system.admin, system.operator, system.buyer]) {
        await system.as(wallet).token.write.approve([system.vault.address, LOOP]);
        await expectRevert(system.as(wallet).vault.write.creditReserve([LOOP]), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("MARKETPLACE_ROLE"),
        ]);
      }
      expect(await system.vault.read.hasRole([role("MARKETPLACE_ROLE"), system.marketplace.address])).to.equal(true);
    });
  });

  describe("payout limit", () => {
    const limited = () => deploySystem({ payoutLimit: 100n * LOOP });
    let counter = 0;
    const fresh = () => id(`limited-withdrawal-${++counter}`);
    /** The start of the next payout period (a UTC day), plus `offset` seconds. */
    async function nextPeriod(system: System, offset = 0n) {
      const t = await now(system.publicClient);
      return (t / PAYOUT_PERIOD + 1n) * PAYOUT_PERIOD + offset;
    }

    it("pays up to the limit within a period, refuses more with PayoutLimitExceeded, and starts again the next period", async () => {
      const system = await loadFixture(limited);
      await deposit(system, 1_000n * LOOP);
      const { vault } = system.as(system.operator);
      const to = addressOf(system.other);
      const start = await nextPeriod(system, 10n);
      const period = start / PAYOUT_PERIOD;
      const endsAt = (period + 1n) * PAYOUT_PERIOD;
      await time.setNextBlockTimestamp(start);
      await vault.write.payout([to, 60n * LOOP, fresh()]);
      expect(await vault.read.paidOutInPeriod([period])).to.equal(60n * LOOP);
      expect(await vault.read.payoutAllowance()).to.deep.equal([40n * LOOP, endsAt]);
      await expectRevert(vault.write.payout([to, 41n * LOOP, fresh()]), "PayoutLimitExceeded", [41n * LOOP, 40n * LOOP, endsAt]);
      await vault.write.payout([to, 40n * LOOP, fresh()]);
      expect(await vault.read.payoutAllowance()).to.deep.equal([0n, endsAt]);
      await expectRevert(vault.write.payout([to, WEI_PER_LEDGER_UNIT, fresh()]), "PayoutLimitExceeded", [WEI_PER_LEDGER_UNIT, 0n, endsAt]);
      // The last second of the period still counts to it; the next one starts afresh.
      await time.setNextBlockTimestamp(endsAt - 1n);
      await expectRevert(vault.write.payout([to, LOOP, fresh()]), "PayoutLimitExceeded", [LOOP, 0n, endsAt]);
      await time.setNextBlockTimestamp(endsAt);
      await vault.write.payout([to, 100n * LOOP, fresh()]);
      expect(await vault.read.paidOutInPeriod([period])).to.equal(100n * LOOP);
      expect(await vault.read.paidOutInPeriod([period + 1n])).to.equal(100n * LOOP);
      expect(await vault.read.reserve()).to.equal(800n * LOOP);
    });

    it("a refused payout changes nothing, and the reserve is checked first", async () => {
      const system = await loadFixture(limited);
      await deposit(system, 50n * LOOP);
      const { vault } = system.as(system.operator);
      const w = fresh();
      await time.setNextBlockTimestamp(await nextPeriod(system, 10n)); // all within one period
      await expectRevert(vault.write.payout([addressOf(system.other), 101n * LOOP, w]), "InsufficientReserve", [101n * LOOP, 50n * LOOP]);
      await deposit(system, 100n * LOOP);
      const [, endsAt] = await vault.read.payoutAllowance();
      await expectRevert(vault.write.payout([addressOf(system.other), 101n * LOOP, w]), "PayoutLimitExceeded", [
        101n * LOOP,
        100n * LOOP,
        endsAt,
      ]);
      expect(await vault.read.withdrawalPaid([w])).to.equal(false);
      expect(await vault.read.reserve()).to.equal(150n * LOOP);
      await vault.write.payout([addressOf(system.other), 100n * LOOP, w]);
      expect(await vault.read.withdrawalPaid([w])).to.equal(true);
    });

    it("a stolen operator key takes at most one period's limit, however it splits the payouts", async () => {
      const system = await loadFixture(limited);
      await deposit(system, 10_000n * LOOP);
      const thief = addressOf(system.other);
      const { vault, token } = system.as(system.operator);
      await time.setNextBlockTimestamp(await nextPeriod(system, 60n));
      const before = await token.read.balanceOf([thief]);
      let refused = 0;
      for (const amount of [70n * LOOP, 20n * LOOP, 9n * LOOP, 5n * LOOP, LOOP, LOOP, 10_000n * LOOP]) {
        try {
          await vault.write.payout([thief, amount, fresh()]);
        } catch {
          refused += 1;
        }
      }
      expect(refused).to.equal(3); // 5, the second 1 and the whole reserve
      expect((await token.read.balanceOf([thief])) - before).to.equal(100n * LOOP);
      expect(await vault.read.reserve()).to.equal(9_900n * LOOP);
    });

    it("the admin sets the limit (PayoutLimitChanged); it applies at once, also to what the period has left", async () => {
      const system = await loadFixture(limited);
      const { vault, vaultAbi } = system;
      await deposit(system, 1_000n * LOOP);
      const asOperator = system.as(system.operator).vault;
      await time.setNextBlockTimestamp(await nextPeriod(system, 10n));
      await asOperator.write.payout([addressOf(system.other), 80n * LOOP, fresh()]);

      const raised = await vault.write.setPayoutLimit([500n * LOOP]);
      expect((await eventsOf(system, vaultAbi, vault.address, raised)).map((e) => [e.eventName, e.args])).to.deep.equal([
        ["PayoutLimitChanged", { previousLimit: 100n * LOOP, newLimit: 500n * LOOP }],
      ]);
      expect(await vault.read.payoutLimit()).to.equal(500n * LOOP);
      expect((await vault.read.payoutAllowance())[0]).to.equal(420n * LOOP);
      await asOperator.write.payout([addressOf(system.other), 400n * LOOP, fresh()]);

      // Lowered below what the period paid already: nothing is left until the next period.
      await vault.write.setPayoutLimit([50n * LOOP]);
      const [remaining, endsAt] = await vault.read.payoutAllowance();
      expect(remaining).to.equal(0n);
      await expectRevert(asOperator.write.payout([addressOf(system.other), LOOP, fresh()]), "PayoutLimitExceeded", [LOOP, 0n, endsAt]);
      await time.setNextBlockTimestamp(endsAt);
      await asOperator.write.payout([addressOf(system.other), 50n * LOOP, fresh()]);

      // Zero stops payouts; the admin may set it while paused.
      await vault.write.pause();
      await vault.write.setPayoutLimit([0n]);
      await vault.write.unpause();
      await expectRevert(asOperator.write.payout([addressOf(system.other), LOOP, fresh()]), "PayoutLimitExceeded");
      expect(await vault.read.payoutLimit()).to.equal(0n);
    });

    it("only the admin sets the limit: never the operator (whose key is online), nor anyone else", async () => {
      const system = await loadFixture(limited);
      for (const wallet of [system.operator, system.other, system.arbiter, system.signer]) {
        await expectRevert(system.as(wallet).vault.write.setPayoutLimit([10n ** 30n]), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("DEFAULT_ADMIN_ROLE"),
        ]);
      }
      expect(await system.vault.read.payoutLimit()).to.equal(100n * LOOP);
    });
  });

  describe("withdrawFees", () => {
    it("moves fees (not the reserve) to the admin's choice and emits FeesWithdrawn", async () => {
      const system = await loadFixture(fixture);
      const { vault, token, other, vaultAbi } = system;
      await deposit(system, 10n * LOOP);
      await buy(system, { price: 100n * LOOP, fee: 4n * LOOP });
      const hash = await vault.write.withdrawFees([addressOf(other), 3n * LOOP]);
      expect(await vault.read.fees()).to.equal(LOOP);
      expect(await vault.read.reserve()).to.equal(10n * LOOP);
      expect(await token.read.balanceOf([vault.address])).to.equal(11n * LOOP);
      const [event] = await eventsOf(system, vaultAbi, vault.address, hash);
      expect(event?.eventName).to.equal("FeesWithdrawn");
      expect(event?.args).to.deep.equal({ to: addressOf(other), amount: 3n * LOOP });
      await expectRevert(vault.write.withdrawFees([addressOf(other), 2n * LOOP]), "InsufficientFees", [2n * LOOP, LOOP]);
    });

    it("reverts for zero, the zero address, and accounts without DEFAULT_ADMIN_ROLE", async () => {
      const system = await loadFixture(fixture);
      await buy(system, { price: 100n * LOOP, fee: 4n * LOOP });
      await expectRevert(system.vault.write.withdrawFees([addressOf(system.other), 0n]), "ZeroAmount");
      await expectRevert(system.vault.write.withdrawFees([ZERO_ADDRESS, LOOP]), "ZeroAddress");
      await expectRevert(
        system.as(system.operator).vault.write.withdrawFees([addressOf(system.operator), LOOP]),
        "AccessControlUnauthorizedAccount",
        [addressOf(system.operator), role("DEFAULT_ADMIN_ROLE")],
      );
    });
  });

  describe("pause", () => {
    it("only the admin pauses and unpauses", async () => {
      const system = await loadFixture(fixture);
      const { vault } = system.as(system.operator);
      await expectRevert(vault.write.pause(), "AccessControlUnauthorizedAccount");
      await system.vault.write.pause();
      expect(await system.vault.read.paused()).to.equal(true);
      await expectRevert(vault.write.unpause(), "AccessControlUnauthorizedAccount");
      await expectRevert(system.vault.write.pause(), "EnforcedPause");
      await system.vault.write.unpause();
      await expectRevert(system.vault.write.unpause(), "ExpectedPause");
    });

    it("does not stop the admin from withdrawing fees", async () => {
      const system = await loadFixture(fixture);
      await buy(system, { price: 100n * LOOP, fee: 4n * LOOP });
      await system.vault.write.pause();
      await system.vault.write.withdrawFees([addressOf(system.other), 4n * LOOP]);
      expect(await system.vault.read.fees()).to.equal(0n);
    });
  });
});
