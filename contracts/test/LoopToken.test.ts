import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";
import { parseEther } from "viem";
import { INITIAL_BALANCE, LOOP, ZERO_ADDRESS, addressOf, deploySystem, eventsOf, expectRevert, now, role, signPermit } from "./helpers";

describe("LoopToken", () => {
  const fixture = () => deploySystem();

  describe("deployment", () => {
    it("is the ERC-20 LOOP with 18 decimals and a cap of one billion", async () => {
      const { token } = await loadFixture(fixture);
      expect(await token.read.name()).to.equal("LOOP");
      expect(await token.read.symbol()).to.equal("LOOP");
      expect(await token.read.decimals()).to.equal(18);
      expect(await token.read.cap()).to.equal(1_000_000_000n * LOOP);
      expect(await token.read.MAX_SUPPLY()).to.equal(1_000_000_000n * LOOP);
    });

    it("gives the admin DEFAULT_ADMIN_ROLE and nobody MINTER_ROLE until granted", async () => {
      const { admin } = await loadFixture(fixture);
      const fresh = await hre.viem.deployContract("LoopToken", [addressOf(admin)]);
      expect(await fresh.read.hasRole([role("DEFAULT_ADMIN_ROLE"), addressOf(admin)])).to.equal(true);
      expect(await fresh.read.hasRole([role("MINTER_ROLE"), addressOf(admin)])).to.equal(false);
      expect(await fresh.read.totalSupply()).to.equal(0n);
    });

    it("refuses the zero address as admin", async () => {
      await loadFixture(fixture);
      await expectRevert(hre.viem.deployContract("LoopToken", [ZERO_ADDRESS]), "ZeroAddress");
    });
  });

  describe("mint", () => {
    it("mints to an account and emits Transfer from zero", async () => {
      const system = await loadFixture(fixture);
      const { token, other, tokenAbi } = system;
      const supply = await token.read.totalSupply();
      const hash = await token.write.mint([addressOf(other), 5n * LOOP]);
      expect(await token.read.balanceOf([addressOf(other)])).to.equal(INITIAL_BALANCE + 5n * LOOP);
      expect(await token.read.totalSupply()).to.equal(supply + 5n * LOOP);
      const [event] = await eventsOf(system, tokenAbi, token.address, hash);
      expect(event?.eventName).to.equal("Transfer");
      expect(event?.args).to.deep.equal({ from: ZERO_ADDRESS, to: addressOf(other), value: 5n * LOOP });
    });

    it("reverts for an account without MINTER_ROLE", async () => {
      const system = await loadFixture(fixture);
      const { token } = system.as(system.other);
      await expectRevert(token.write.mint([addressOf(system.other), 1n]), "AccessControlUnauthorizedAccount", [
        addressOf(system.other),
        role("MINTER_ROLE"),
      ]);
    });

    it("reverts above the cap", async () => {
      const { token, other } = await loadFixture(fixture);
      const room = (await token.read.cap()) - (await token.read.totalSupply());
      await token.write.mint([addressOf(other), room]);
      await expectRevert(token.write.mint([addressOf(other), 1n]), "ERC20ExceededCap", [
        1_000_000_001n * LOOP - LOOP + 1n,
        1_000_000_000n * LOOP,
      ]);
    });

    it("reverts to the zero address", async () => {
      const { token } = await loadFixture(fixture);
      await expectRevert(token.write.mint([ZERO_ADDRESS, 1n]), "ERC20InvalidReceiver", [ZERO_ADDRESS]);
    });

    it("stops after the admin revokes the minter", async () => {
      const { token, admin } = await loadFixture(fixture);
      await token.write.revokeRole([role("MINTER_ROLE"), addressOf(admin)]);
      await expectRevert(token.write.mint([addressOf(admin), 1n]), "AccessControlUnauthorizedAccount");
    });
  });

  describe("permit (EIP-2612)", () => {
    it("sets an allowance from a signature, once", async () => {
      const system = await loadFixture(fixture);
      const { buyer, other } = system;
      const permit = await signPermit(system, buyer, addressOf(other), parseEther("7"));
      const { token } = system.as(other);
      await token.write.permit([addressOf(buyer), addressOf(other), permit.value, permit.deadline, permit.v, permit.r, permit.s]);
      expect(await token.read.allowance([addressOf(buyer), addressOf(other)])).to.equal(parseEther("7"));
      expect(await token.read.nonces([addressOf(buyer)])).to.equal(1n);
      await expectRevert(
        token.write.permit([addressOf(buyer), addressOf(other), permit.value, permit.deadline, permit.v, permit.r, permit.s]),
        "ERC2612InvalidSigner",
      );
    });

    it("rejects an expired permit", async () => {
      const system = await loadFixture(fixture);
      const { buyer, other } = system;
      const deadline = (await now(system.publicClient)) - 1n;
      const permit = await signPermit(system, buyer, addressOf(other), 1n, deadline);
      await expectRevert(
        system.token.write.permit([addressOf(buyer), addressOf(other), permit.value, permit.deadline, permit.v, permit.r, permit.s]),
        "ERC2612ExpiredSignature",
        [deadline],
      );
    });
  });
});
