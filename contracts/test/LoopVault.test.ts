import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { zeroHash } from "viem";
import { LOOP, WEI_PER_LEDGER_UNIT, ZERO_ADDRESS, addressOf, buy, deploySystem, eventsOf, expectRevert, id, role, signPermit, type System } from "./helpers";

describe("LoopVault", () => {
  const fixture = () => deploySystem();
  const ref = id("account-ref-1");

  async function deposit(system: System, amount: bigint, wallet = system.buyer, accountRef = ref) {
    const { token, vault } = system.as(wallet);
    await token.write.approve([vault.address, amount]);
    return vault.write.deposit([amount, accountRef]);
  }

  describe("deployment", () => {
    it("knows its token and admin, and starts empty", async () => {
      const { vault, token, admin } = await loadFixture(fixture);
      expect(await vault.read.token()).to.equal(token.address);
      expect(await vault.read.hasRole([role("DEFAULT_ADMIN_ROLE"), addressOf(admin)])).to.equal(true);
      expect(await vault.read.reserve()).to.equal(0n);
      expect(await vault.read.fees()).to.equal(0n);
      expect(await vault.read.WEI_PER_LEDGER_UNIT()).to.equal(WEI_PER_LEDGER_UNIT);
    });

    it("refuses zero addresses", async () => {
      const { token, admin } = await loadFixture(fixture);
      await expectRevert(hre.viem.deployContract("LoopVault", [ZERO_ADDRESS, addressOf(admin)]), "ZeroAddress");
      await expectRevert(hre.viem.deployContract("LoopVault", [token.address, ZERO_ADDRESS]), "ZeroAddress");
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
      await system.as(other).token.write.permit([addressOf(buyer), vault.address, permit.value, permit.deadline, permit.v, permit.r, permit.s]);
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
        await expectRevert(system.as(wallet).vault.write.payout([addressOf(wallet), LOOP, withdrawal]), "AccessControlUnauthorizedAccount", [
          addressOf(wallet),
          role("OPERATOR_ROLE"),
        ]);
      }
    });

    it("never pays more than the reserve, and never from the fees", async () => {
      const system = await loadFixture(fixture);
      await deposit(system, 3n * LOOP);
      await buy(system, { price: 100n * LOOP, fee: 2n * LOOP }); // 2 LOOP of fees in the vault
      expect(await system.vault.read.fees()).to.equal(2n * LOOP);
      const { vault } = system.as(system.operator);
      await expectRevert(vault.write.payout([addressOf(system.other), 4n * LOOP, withdrawal]), "InsufficientReserve", [4n * LOOP, 3n * LOOP]);
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
      await expectRevert(system.as(system.operator).vault.write.withdrawFees([addressOf(system.operator), LOOP]), "AccessControlUnauthorizedAccount", [
        addressOf(system.operator),
        role("DEFAULT_ADMIN_ROLE"),
      ]);
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
