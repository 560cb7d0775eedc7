// LoopVault's payout limit per period (issue 17), seen from the API: a `loop` withdrawal that would
// pass what the period's limit leaves is refused with a sentence an admin can act on, stays
// pending, and goes through once an admin (the vault's DEFAULT_ADMIN_ROLE, never the operator key
// the API holds) raises the limit.
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { adminWithdrawalSchema, withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address } from "viem";
import { hardhat } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { signInAdmin, signInMember } from "./support/members";
import { newAccount, type Browser } from "./support/siwe";
import type { TestApp } from "./support/test-app";
import { createDeployedApp, type DeployedApp } from "./support/deployed-app";
import { WITHDRAWABLE } from "./support/withdrawable";

describe("LoopVault's payout limit per period", () => {
  let app: DeployedApp | undefined;
  let t: TestApp;
  let vault: Address;
  let token: Address;
  const rpcUrl = inject("rpcUrl");
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  // The vault's admin (the deployer, account #0): the node signs for it, so its nonces are the node's.
  const admin = createWalletClient({ account: getAddress(localAccounts.roles.deployer.address), chain, transport: http(rpcUrl) });

  const setStatus = (as: Browser, id: string, body: unknown) => as.put(`/api/admin/tokens/withdrawals/${id}/status`).send(body as object);
  const requestLoop = async (as: Browser, amount: string, destination: Address) =>
    withdrawalSchema.parse((await as.post("/api/tokens/withdraw").send({ amount, method: "loop", destination }).expect(201)).body);
  const walletLoop = (address: Address) =>
    client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [address] });

  beforeAll(async () => {
    // 100 LOOP per day (the reserve holds 1,000,000).
    app = await createDeployedApp(rpcUrl, "payout-limit", { PAYOUT_LIMIT_LOOP: "100" });
    ({ t, vault, token } = app);
    expect(await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "payoutLimit" })).toBe(parseEther("100"));
  }, 180_000);
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a payout over what the period's limit leaves is refused with the limit, the rest and when it resets; the admin raising the limit lets it through", async () => {
    const [first, second, operatorAdmin] = [
      await signInMember(t, WITHDRAWABLE),
      await signInMember(t, WITHDRAWABLE),
      await signInAdmin(t, WITHDRAWABLE),
    ];
    const w1 = await requestLoop(first.browser, "60", newAccount().address);
    await setStatus(operatorAdmin.browser, w1.id, { status: "processing" }).expect(200);

    const destination = newAccount().address;
    const w2 = await requestLoop(second.browser, "50", destination);
    const [remaining, periodEndsAt] = await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "payoutAllowance" });
    expect(remaining).toBe(parseEther("40"));
    const resetsAt = new Date(Number(periodEndsAt) * 1000)
      .toISOString()
      .replace("T", " ")
      .replace(/:\d{2}\.\d{3}Z$/, " UTC");
    expect(resetsAt).toMatch(/^\d{4}-\d{2}-\d{2} 00:00 UTC$/); // periods are UTC days
    const refused = await setStatus(operatorAdmin.browser, w2.id, { status: "processing" }).expect(409);
    expect(refused.body.message).toBe(
      `Payout Failed: LoopVault refused the payout (PayoutLimitExceeded: this period's payout limit leaves 40 LOOP, 50 LOOP requested; try after ${resetsAt} or ask an admin to raise the limit)`,
    );
    const pending = adminWithdrawalSchema
      .array()
      .parse((await operatorAdmin.browser.get("/api/admin/tokens/withdrawals?status=pending").expect(200)).body);
    expect(pending.find((x) => x.id === w2.id)).toMatchObject({ status: "pending", transactionId: null });
    expect(await walletLoop(destination)).toBe(0n);

    // The vault's admin raises the limit on chain; the same withdrawal now goes through.
    const hash = await admin.writeContract({
      address: vault,
      abi: loopVaultAbi,
      functionName: "setPayoutLimit",
      args: [parseEther("1000")],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    await setStatus(operatorAdmin.browser, w2.id, { status: "processing" }).expect(200);
    expect(await walletLoop(destination)).toBe(parseEther("50"));
  }, 60_000);
});
