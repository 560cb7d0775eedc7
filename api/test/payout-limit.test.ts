// LoopVault's payout limit per period (issue 17), seen from the API: a `loop` withdrawal that would
// pass what the period's limit leaves is refused with a sentence an admin can act on, stays
// pending, and goes through once an admin (the vault's DEFAULT_ADMIN_ROLE, never the operator key
// the API holds) raises the limit.
import { loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { adminWithdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { getAddress, parseEther, type Address } from "viem";
import { describe, expect, inject, it } from "vitest";
import { deployedAppSuite } from "./support/deployed-app";
import { localChain } from "./support/local-chain";
import { signInAdmin, signInMember } from "./support/members";
import { newAccount } from "./support/siwe";
import type { TestApp } from "./support/test-app";
import { requestLoopWithdrawal, setWithdrawalStatus, WITHDRAWABLE } from "./support/withdrawable";

describe("LoopVault's payout limit per period", () => {
  let t: TestApp;
  let vault: Address;
  let token: Address;
  const chain = localChain(inject("rpcUrl"));
  // The vault's admin (the deployer, account #0): the node signs for it, so its nonces are the node's.
  const admin = chain.wallet(getAddress(localAccounts.roles.deployer.address));

  const walletLoop = (address: Address) => chain.loopBalanceOf(token, address);

  // 100 LOOP per day (the reserve holds 1,000,000).
  deployedAppSuite("payout-limit", { PAYOUT_LIMIT_LOOP: "100" }, async (app) => {
    ({ t, vault, token } = app);
    expect(await chain.client.readContract({ address: vault, abi: loopVaultAbi, functionName: "payoutLimit" })).toBe(parseEther("100"));
  });

  it("a payout over what the period's limit leaves is refused with the limit, the rest and when it resets; the admin raising the limit lets it through", async () => {
    const [first, second, operatorAdmin] = [
      await signInMember(t, WITHDRAWABLE),
      await signInMember(t, WITHDRAWABLE),
      await signInAdmin(t, WITHDRAWABLE),
    ];
    const w1 = await requestLoopWithdrawal(first.browser, "60", newAccount().address);
    await setWithdrawalStatus(operatorAdmin.browser, w1.id, { status: "processing" }).expect(200);

    const destination = newAccount().address;
    const w2 = await requestLoopWithdrawal(second.browser, "50", destination);
    const [remaining, periodEndsAt] = await chain.client.readContract({
      address: vault,
      abi: loopVaultAbi,
      functionName: "payoutAllowance",
    });
    expect(remaining).toBe(parseEther("40"));
    const resetsAt = new Date(Number(periodEndsAt) * 1000)
      .toISOString()
      .replace("T", " ")
      .replace(/:\d{2}\.\d{3}Z$/, " UTC");
    expect(resetsAt).toMatch(/^\d{4}-\d{2}-\d{2} 00:00 UTC$/); // periods are UTC days
    const refused = await setWithdrawalStatus(operatorAdmin.browser, w2.id, { status: "processing" }).expect(409);
    expect(refused.body.message).toBe(
      `Payout Failed: LoopVault refused the payout (PayoutLimitExceeded: this period's payout limit leaves 40 LOOP, 50 LOOP requested; try after ${resetsAt} or ask an admin to raise the limit)`,
    );
    const pending = adminWithdrawalSchema
      .array()
      .parse((await operatorAdmin.browser.get("/api/admin/tokens/withdrawals?status=pending").expect(200)).body);
    expect(pending.find((x) => x.id === w2.id)).toMatchObject({ status: "pending", transactionId: null });
    expect(await walletLoop(destination)).toBe(0n);

    // The vault's admin raises the limit on chain; the same withdrawal now goes through.
    await chain.confirm(
      await admin.writeContract({ address: vault, abi: loopVaultAbi, functionName: "setPayoutLimit", args: [parseEther("1000")] }),
    );
    await setWithdrawalStatus(operatorAdmin.browser, w2.id, { status: "processing" }).expect(200);
    expect(await walletLoop(destination)).toBe(parseEther("50"));
  });
});
