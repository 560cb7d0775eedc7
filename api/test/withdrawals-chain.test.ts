// Withdrawals of method `loop` against the real contracts: deployed to the tests' Hardhat node by
// the project's own deploy script (which funds the vault reserve), paid out with the operator key.
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import {
  adminWithdrawalSchema,
  withdrawalSchema,
  invalidStatusChangeMessage,
  WITHDRAWAL_MESSAGES as M,
} from "@loop/rules/schemas/withdrawals";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { payoutIdOf } from "../src/features/withdrawals/vault-payout";
import { signInAdmin, signInMember } from "./support/members";
import { newAccount, type Browser } from "./support/siwe";
import type { TestApp } from "./support/test-app";
import { createDeployedApp, type DeployedApp } from "./support/deployed-app";
import { WITHDRAWABLE, withdrawableBalance } from "./support/withdrawable";

const operatorKey = localAccounts.roles.operator.privateKey;

describe("withdrawals of method loop: LoopVault payouts", () => {
  let app: DeployedApp | undefined;
  let t: TestApp;
  let vault: Address;
  let token: Address;
  const rpcUrl = inject("rpcUrl");
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const operator = createWalletClient({ account: privateKeyToAccount(operatorKey), chain, transport: http(rpcUrl) });

  const balance = withdrawableBalance;
  const setStatus = (as: Browser, id: string, body: unknown) => as.put(`/api/admin/tokens/withdrawals/${id}/status`).send(body as object);
  const requestLoop = async (as: Browser, amount: string, destination: Address) =>
    withdrawalSchema.parse((await as.post("/api/tokens/withdraw").send({ amount, method: "loop", destination }).expect(201)).body);
  const walletLoop = (address: Address) =>
    client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [address] });
  const reserve = () => client.readContract({ address: vault, abi: loopVaultAbi, functionName: "reserve" });
  async function confirm(hash: Hex) {
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }
  /** The operator pays straight from the vault (as a payout sent outside the API would). */
  const operatorPayout = async (to: Address, wei: bigint, id: Hex) =>
    confirm(await operator.writeContract({ address: vault, abi: loopVaultAbi, functionName: "payout", args: [to, wei, id] }));

  beforeAll(async () => {
    // The drain test below pays out the whole reserve in one day, and more once it is funded again:
    // a payout limit far above the reserve (payout-limit.test.ts tests the limit).
    app = await createDeployedApp(rpcUrl, "withdrawals", { PAYOUT_LIMIT_LOOP: "10000000" });
    ({ t, vault, token } = app);
    // The deployment funds the vault's reserve on the local chain.
    expect(await reserve()).toBe(parseEther(localAccounts.vaultReserveLoop));
  }, 180_000);
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("processing pays out from LoopVault; completing needs that payout's hash; it cannot fail any more", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoop(user.browser, "25.5", destination);
    const reserveBefore = await reserve();

    const processing = adminWithdrawalSchema.parse((await setStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body);
    expect(processing).toMatchObject({ status: "processing", processedAt: null, transactionId: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const hash = processing.transactionId as Hex;
    // On chain: exactly the amount (ledger units × 10^10 wei), to the destination, for this withdrawal id.
    expect(await walletLoop(destination)).toBe(parseEther("25.5"));
    expect(await reserve()).toBe(reserveBefore - parseEther("25.5"));
    expect(await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "withdrawalPaid", args: [payoutIdOf(w.id)] })).toBe(
      true,
    );
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.to!)).toBe(vault);
    // Still held until completed.
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "474.50000000", held: "25.50000000" });

    // Paid out: failing it would hand the LOOP back in the app too.
    expect((await setStatus(admin.browser, w.id, { status: "failed", failureReason: "oops" }).expect(409)).body.message).toMatch(
      /^Payout Already Sent/,
    );
    // Completion needs the payout's own transaction hash.
    const wrong = await setStatus(admin.browser, w.id, { status: "completed", transactionId: `0x${"12".repeat(32)}` }).expect(400);
    expect(wrong.body.message).toContain(M.invalidLoopTransactionId);
    expect(wrong.body.message).toContain(hash);
    await setStatus(admin.browser, w.id, { status: "completed", transactionId: "paid" }).expect(400);
    expect((await setStatus(admin.browser, w.id, { status: "processing" }).expect(409)).body.message).toBe(
      invalidStatusChangeMessage("processing", "processing"),
    );

    const completed = adminWithdrawalSchema.parse(
      (await setStatus(admin.browser, w.id, { status: "completed", transactionId: hash.toUpperCase().replace("0X", "0x") }).expect(200))
        .body,
    );
    expect(completed).toMatchObject({ status: "completed", transactionId: hash, processedAt: expect.any(String) });
    expect(await balance(user.browser)).toEqual({ balance: "474.50000000", available: "474.50000000", held: "0.00000000" });
    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers[0]).toMatchObject({ transferType: "withdrawal", direction: "out", amount: "25.50000000" });
    // Paid once: the vault refuses the same withdrawal id again.
    expect(await walletLoop(destination)).toBe(parseEther("25.5"));
  }, 60_000);

  it("a completion is refused when the recorded transaction is not a confirmed payout of this withdrawal", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const w = await requestLoop(user.browser, "10", newAccount().address);
    // A transaction on chain that is not this withdrawal's payout (a plain token mint).
    const other = await confirm(
      await operator.writeContract({
        address: token,
        abi: loopTokenAbi,
        functionName: "mint",
        args: [newAccount().address, parseEther("1")],
      }),
    );
    await t.db.prisma.withdrawal.update({
      where: { id: w.id },
      data: { status: "processing", transactionId: other.transactionHash, payoutChainId: 31337 },
    });
    const refused = await setStatus(admin.browser, w.id, { status: "completed", transactionId: other.transactionHash }).expect(409);
    expect(refused.body.message).toMatch(/^Payout Not Confirmed/);
    expect(await balance(user.browser)).toMatchObject({ held: "10.00000000", balance: "500.00000000" });
  }, 60_000);

  it("a payout sent before but never recorded (lost answer) is found again, not paid twice", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoop(user.browser, "12", destination);
    const earlier = await operatorPayout(destination, parseEther("12"), payoutIdOf(w.id));
    const processing = adminWithdrawalSchema.parse((await setStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body);
    expect(processing.transactionId).toBe(earlier.transactionHash);
    expect(await walletLoop(destination)).toBe(parseEther("12"));
    await setStatus(admin.browser, w.id, { status: "completed", transactionId: earlier.transactionHash }).expect(200);
    expect(await balance(user.browser)).toMatchObject({ balance: "488.00000000", held: "0.00000000" });
  }, 60_000);

  it("when the vault refuses (InsufficientReserve) the withdrawal stays pending with the reason; it goes through once funded", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoop(user.browser, "20", destination);
    // Drain the reserve down to 5 LOOP.
    const drain = (await reserve()) - parseEther("5");
    await operatorPayout(newAccount().address, drain, `0x${"ff".repeat(32)}`);
    expect(await reserve()).toBe(parseEther("5"));

    const refused = await setStatus(admin.browser, w.id, { status: "processing" }).expect(409);
    expect(refused.body.message).toBe(
      "Payout Failed: LoopVault refused the payout (InsufficientReserve: the vault's reserve holds 5 LOOP, 20 LOOP requested)",
    );
    const after = adminWithdrawalSchema.parse(
      (await admin.browser.get("/api/admin/tokens/withdrawals?status=pending").expect(200)).body.find((x: { id: string }) => x.id === w.id),
    );
    expect(after).toMatchObject({ status: "pending", transactionId: null, processedAt: null });
    expect(await walletLoop(destination)).toBe(0n);
    expect(await balance(user.browser)).toMatchObject({ held: "20.00000000" });

    // The treasury tops the reserve up (the operator is a minter on the local chain); now it pays.
    await confirm(
      await operator.writeContract({
        address: token,
        abi: loopTokenAbi,
        functionName: "mint",
        args: [operator.account.address, parseEther("100")],
      }),
    );
    await confirm(
      await operator.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [vault, parseEther("100")] }),
    );
    await confirm(
      await operator.writeContract({ address: vault, abi: loopVaultAbi, functionName: "fundReserve", args: [parseEther("100")] }),
    );
    const paid = adminWithdrawalSchema.parse((await setStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body);
    expect(await walletLoop(destination)).toBe(parseEther("20"));
    await setStatus(admin.browser, w.id, { status: "completed", transactionId: paid.transactionId }).expect(200);
    expect(await balance(user.browser)).toMatchObject({ balance: "480.00000000", held: "0.00000000" });
  }, 60_000);
});
