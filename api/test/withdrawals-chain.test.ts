// Withdrawals of method `loop` against the real contracts: deployed to the tests' Hardhat node by
// the project's own deploy script (which funds the vault reserve), paid out with the operator key.
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import { adminWithdrawalSchema, invalidStatusChangeMessage, WITHDRAWAL_MESSAGES as M } from "@loop/rules/schemas/withdrawals";
import { getAddress, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { payoutIdOf } from "../src/features/withdrawals/vault-payout";
import { deployedAppSuite } from "./support/deployed-app";
import { localChain } from "./support/local-chain";
import { signInAdmin, signInMember } from "./support/members";
import { newAccount } from "./support/siwe";
import type { TestApp } from "./support/test-app";
import { requestLoopWithdrawal, setWithdrawalStatus, WITHDRAWABLE, withdrawableBalance } from "./support/withdrawable";

const operatorKey = localAccounts.roles.operator.privateKey;

describe("withdrawals of method loop: LoopVault payouts", () => {
  let t: TestApp;
  let vault: Address;
  let token: Address;
  const chain = localChain(inject("rpcUrl"));
  const operator = chain.wallet(privateKeyToAccount(operatorKey));

  const balance = withdrawableBalance;
  const walletLoop = (address: Address) => chain.loopBalanceOf(token, address);
  const reserve = () => chain.client.readContract({ address: vault, abi: loopVaultAbi, functionName: "reserve" });
  const confirm = (hash: Hex) => chain.confirm(hash);
  /** The operator pays straight from the vault (as a payout sent outside the API would). */
  const operatorPayout = async (to: Address, wei: bigint, id: Hex) =>
    confirm(await operator.writeContract({ address: vault, abi: loopVaultAbi, functionName: "payout", args: [to, wei, id] }));

  // The drain test below pays out the whole reserve in one day, and more once it is funded again:
  // a payout limit far above the reserve (payout-limit.test.ts tests the limit).
  deployedAppSuite("withdrawals", { PAYOUT_LIMIT_LOOP: "10000000" }, async (app) => {
    ({ t, vault, token } = app);
    // The deployment funds the vault's reserve on the local chain.
    expect(await reserve()).toBe(parseEther(localAccounts.vaultReserveLoop));
  });

  it("processing pays out from LoopVault; completing needs that payout's hash; it cannot fail any more", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoopWithdrawal(user.browser, "25.5", destination);
    const reserveBefore = await reserve();

    const processing = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body,
    );
    expect(processing).toMatchObject({ status: "processing", processedAt: null, transactionId: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const hash = processing.transactionId as Hex;
    // On chain: exactly the amount (ledger units × 10^10 wei), to the destination, for this withdrawal id.
    expect(await walletLoop(destination)).toBe(parseEther("25.5"));
    expect(await reserve()).toBe(reserveBefore - parseEther("25.5"));
    expect(
      await chain.client.readContract({ address: vault, abi: loopVaultAbi, functionName: "withdrawalPaid", args: [payoutIdOf(w.id)] }),
    ).toBe(true);
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.to!)).toBe(vault);
    // Still held until completed.
    expect(await balance(user.browser)).toEqual({ balance: "500.00000000", available: "474.50000000", held: "25.50000000" });

    // Paid out: failing it would hand the LOOP back in the app too.
    expect((await setWithdrawalStatus(admin.browser, w.id, { status: "failed", failureReason: "oops" }).expect(409)).body.message).toMatch(
      /^Payout Already Sent/,
    );
    // Completion needs the payout's own transaction hash.
    const wrong = await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: `0x${"12".repeat(32)}` }).expect(
      400,
    );
    expect(wrong.body.message).toContain(M.invalidLoopTransactionId);
    expect(wrong.body.message).toContain(hash);
    await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: "paid" }).expect(400);
    expect((await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(409)).body.message).toBe(
      invalidStatusChangeMessage("processing", "processing"),
    );

    const completed = adminWithdrawalSchema.parse(
      (
        await setWithdrawalStatus(admin.browser, w.id, {
          status: "completed",
          transactionId: hash.toUpperCase().replace("0X", "0x"),
        }).expect(200)
      ).body,
    );
    expect(completed).toMatchObject({ status: "completed", transactionId: hash, processedAt: expect.any(String) });
    expect(await balance(user.browser)).toEqual({ balance: "474.50000000", available: "474.50000000", held: "0.00000000" });
    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers[0]).toMatchObject({ transferType: "withdrawal", direction: "out", amount: "25.50000000" });
    // Paid once: the vault refuses the same withdrawal id again.
    expect(await walletLoop(destination)).toBe(parseEther("25.5"));
  });

  it("a completion is refused when the recorded transaction is not a confirmed payout of this withdrawal", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const w = await requestLoopWithdrawal(user.browser, "10", newAccount().address);
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
    const refused = await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: other.transactionHash }).expect(
      409,
    );
    expect(refused.body.message).toMatch(/^Payout Not Confirmed/);
    expect(await balance(user.browser)).toMatchObject({ held: "10.00000000", balance: "500.00000000" });
  });

  it("a payout sent before but never recorded (lost answer) is found again, not paid twice", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoopWithdrawal(user.browser, "12", destination);
    const earlier = await operatorPayout(destination, parseEther("12"), payoutIdOf(w.id));
    const processing = adminWithdrawalSchema.parse(
      (await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body,
    );
    expect(processing.transactionId).toBe(earlier.transactionHash);
    expect(await walletLoop(destination)).toBe(parseEther("12"));
    await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: earlier.transactionHash }).expect(200);
    expect(await balance(user.browser)).toMatchObject({ balance: "488.00000000", held: "0.00000000" });
  });

  it("when the vault refuses (InsufficientReserve) the withdrawal stays pending with the reason; it goes through once funded", async () => {
    const [user, admin] = [await signInMember(t, WITHDRAWABLE), await signInAdmin(t, WITHDRAWABLE)];
    const destination = newAccount().address;
    const w = await requestLoopWithdrawal(user.browser, "20", destination);
    // Drain the reserve down to 5 LOOP.
    const drain = (await reserve()) - parseEther("5");
    await operatorPayout(newAccount().address, drain, `0x${"ff".repeat(32)}`);
    expect(await reserve()).toBe(parseEther("5"));

    const refused = await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(409);
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
    const paid = adminWithdrawalSchema.parse((await setWithdrawalStatus(admin.browser, w.id, { status: "processing" }).expect(200)).body);
    expect(await walletLoop(destination)).toBe(parseEther("20"));
    await setWithdrawalStatus(admin.browser, w.id, { status: "completed", transactionId: paid.transactionId }).expect(200);
    expect(await balance(user.browser)).toMatchObject({ balance: "480.00000000", held: "0.00000000" });
  });
});
