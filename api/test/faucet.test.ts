// The development faucet against the real contracts on the tests' chain: mints to the wallet asked
// for, once every 30 s per member, and never on another chain.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loopTokenAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { FAUCET_MESSAGES, faucetResponseSchema } from "@loop/rules/schemas/faucet";
import { createPublicClient, getAddress, http, parseEther, type Address } from "viem";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mintTestLoop } from "../src/features/faucet/faucet.service";
import { deployContracts } from "./support/deploy-contracts";
import { signInMember } from "./support/members";
import { newAccount } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

describe("the development faucet", () => {
  let t: TestApp;
  let deployments: string;
  let token: Address;
  const rpcUrl = inject("rpcUrl");
  const client = createPublicClient({ chain: { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl) });

  beforeAll(async () => {
    deployments = mkdtempSync(path.join(os.tmpdir(), "loop-faucet-deployments-"));
    await deployContracts(rpcUrl, deployments);
    t = await createTestApp({ env: { DEPLOYMENTS_DIR: deployments, OPERATOR_PRIVATE_KEY: localAccounts.roles.operator.privateKey } });
    token = getAddress(t.config.chains[0]!.contracts!.token);
  });
  afterAll(async () => {
    await t?.close();
    if (deployments) rmSync(deployments, { recursive: true, force: true });
  });

  it("mints 1,000,000 test LOOP to the wallet asked for, then asks to wait 30 seconds", async () => {
    const member = (await signInMember(t)).browser;
    const target = newAccount().address;
    const minted = faucetResponseSchema.parse(
      (await member.post("/api/wallet/faucet").send({ address: target.toLowerCase() }).expect(201)).body,
    );
    expect(minted).toMatchObject({ address: target, amount: "1000000" });
    expect(await client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [target] })).toBe(
      parseEther("1000000"),
    );
    expect((await member.post("/api/wallet/faucet").send({ address: target }).expect(429)).body.message).toBe(FAUCET_MESSAGES.tooSoon);
    expect(await client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [target] })).toBe(
      parseEther("1000000"),
    );
  });

  it("refuses a bad address, a signed-out caller, and every chain but the local one", async () => {
    const member = (await signInMember(t)).browser;
    expect((await member.post("/api/wallet/faucet").send({ address: "0x12" }).expect(400)).body.message).toBe(FAUCET_MESSAGES.address);
    await browser(t.app).post("/api/wallet/faucet").send({ address: newAccount().address }).expect(401);
    // Configured for another chain (Sepolia, with the same contracts): refused before anything is sent.
    const sepolia = { ...t.config.chains[0]!, id: 11155111, name: "Sepolia" };
    const deps = { ...t.deps, config: { ...t.config, chains: [sepolia], defaultChainId: 11155111 } };
    await expect(mintTestLoop(deps, { address: newAccount().address })).rejects.toMatchObject({
      status: 403,
      message: FAUCET_MESSAGES.unavailable,
    });
  });
});
