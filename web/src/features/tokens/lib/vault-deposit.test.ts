import { describe, expect, it, vi } from "vitest";
import { fakeWriteContract, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import { WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import {
  checkDepositAmount,
  DEPOSIT_FAILED_FALLBACK,
  DEPOSIT_MESSAGES,
  type DepositStep,
  depositFailureText,
  DepositRefusedError,
  isDepositDismissal,
  runDeposit,
  type VaultWallet,
} from "./vault-deposit";

const LOOP = 10n ** 18n;
const ACCOUNT = `0x${"d4".repeat(20)}` as const;
const TOKEN = `0x${"a1".repeat(20)}` as const;
const VAULT = `0x${"c3".repeat(20)}` as const;
const REF = `0x${"0".repeat(32)}${"ab".repeat(16)}` as const;

function fakeWallet(overrides: Partial<VaultWallet> = {}): VaultWallet {
  return {
    connect: vi.fn(async () => ({ address: ACCOUNT, chainId: 31337 })),
    readTokenBalance: vi.fn(async () => 100n * LOOP),
    switchChain: vi.fn(async () => undefined),
    readTokenAllowance: vi.fn(async () => 0n),
    writeContract: fakeWriteContract({ "token.approve": `0x${"11".repeat(32)}`, "vault.deposit": `0x${"22".repeat(32)}` }),
    waitForTransaction: vi.fn(async () => ({ status: "success" as const })),
    ...overrides,
  };
}

function deposit(wallet: VaultWallet, amount = 10n * LOOP) {
  const steps: DepositStep[] = [];
  const promise = runDeposit(wallet, {
    chainId: 31337,
    token: TOKEN,
    vault: VAULT,
    amount,
    accountRef: REF,
    onStep: (step) => steps.push(step),
  });
  return { promise, steps };
}

describe("checkDepositAmount", () => {
  it("gives the deposit texts for missing, malformed, too precise and non-positive amounts", () => {
    expect(checkDepositAmount("", null)).toEqual({ ok: false, message: "Missing Amount: Please enter an amount to deposit" });
    expect(checkDepositAmount("   ", null)).toEqual({ ok: false, message: DEPOSIT_MESSAGES.missing });
    expect(checkDepositAmount("abc", null)).toEqual({ ok: false, message: "Invalid Amount: Enter a number of LOOP, e.g. 12.5" });
    expect(checkDepositAmount("1e3", null)).toEqual({ ok: false, message: DEPOSIT_MESSAGES.invalidAmount });
    expect(checkDepositAmount("1.000000001", null)).toEqual({ ok: false, message: "Invalid Amount: LOOP has at most 8 decimal places" });
    expect(checkDepositAmount("0", null)).toEqual({ ok: false, message: "Amount must be greater than 0" });
    expect(checkDepositAmount("0.00000000", null)).toEqual({ ok: false, message: "Amount must be greater than 0" });
    expect(checkDepositAmount("-5", null)).toEqual({ ok: false, message: "Amount must be greater than 0" });
  });

  it("converts exactly into ledger units and wei, and refuses more than the wallet holds", () => {
    expect(checkDepositAmount(" 12.5 ", null)).toEqual({ ok: true, units: 1_250_000_000n, wei: 12n * LOOP + LOOP / 2n });
    expect(checkDepositAmount("0.00000001", null)).toEqual({ ok: true, units: 1n, wei: 10n ** 10n });
    expect(checkDepositAmount("10", 10n * LOOP)).toMatchObject({ ok: true });
    expect(checkDepositAmount("10.00000001", 10n * LOOP)).toEqual({
      ok: false,
      message: "Insufficient Balance: Your wallet doesn't hold that much LOOP",
    });
  });
});

describe("runDeposit", () => {
  it("approves exactly the amount when the allowance is short, waits for it, then deposits and waits for the receipt", async () => {
    const wallet = fakeWallet();
    const { promise, steps } = deposit(wallet);
    await expect(promise).resolves.toEqual({ account: ACCOUNT, approvalHash: `0x${"11".repeat(32)}`, depositHash: `0x${"22".repeat(32)}` });
    expect(steps).toEqual(["connecting", "checking", "approving", "depositing", "confirming"]);
    expect(wallet.switchChain).not.toHaveBeenCalled();
    expect(wallet.readTokenAllowance).toHaveBeenCalledWith({ chainId: 31337, token: TOKEN, owner: ACCOUNT, spender: VAULT });
    expect(wallet.writeContract).toHaveBeenNthCalledWith(1, { name: "token", chainId: 31337, address: TOKEN }, "approve", [
      VAULT,
      10n * LOOP,
    ]);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(2, { name: "vault", chainId: 31337, address: VAULT }, "deposit", [
      10n * LOOP,
      REF,
    ]);
    expect(vi.mocked(wallet.waitForTransaction).mock.calls.map(([request]) => request.hash)).toEqual([
      `0x${"11".repeat(32)}`,
      `0x${"22".repeat(32)}`,
    ]);
    // The approval is mined before the deposit is sent.
    expect(vi.mocked(wallet.waitForTransaction).mock.invocationCallOrder[0]!).toBeLessThan(
      vi.mocked(wallet.writeContract).mock.invocationCallOrder[1]!,
    );
  });

  it("skips the approval when the allowance covers the amount", async () => {
    const wallet = fakeWallet({ readTokenAllowance: vi.fn(async () => 10n * LOOP) });
    const { promise, steps } = deposit(wallet);
    await expect(promise).resolves.toMatchObject({ approvalHash: null });
    expect(steps).toEqual(["connecting", "checking", "depositing", "confirming"]);
    expect(writtenFunctions(wallet)).toEqual(["vault.deposit"]);
  });

  it("asks the wallet to switch to the deposit chain when it is elsewhere", async () => {
    const wallet = fakeWallet({ connect: vi.fn(async () => ({ address: ACCOUNT, chainId: 1 })) });
    const { promise, steps } = deposit(wallet);
    await promise;
    expect(steps.slice(0, 2)).toEqual(["connecting", "switching"]);
    expect(wallet.switchChain).toHaveBeenCalledWith(31337);
  });

  it("refuses before any transaction when the connected wallet holds too little", async () => {
    const wallet = fakeWallet({ readTokenBalance: vi.fn(async () => 5n * LOOP) });
    await expect(deposit(wallet).promise).rejects.toThrow(new DepositRefusedError(DEPOSIT_MESSAGES.insufficient));
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("fails when the approval or the deposit reverts on chain", async () => {
    const approvalReverts = fakeWallet({ waitForTransaction: vi.fn(async () => ({ status: "reverted" as const })) });
    await expect(deposit(approvalReverts).promise).rejects.toThrow("The approval transaction was reverted on chain.");
    expect(writtenFunctions(approvalReverts)).toEqual(["token.approve"]);

    const depositReverts = fakeWallet({
      readTokenAllowance: vi.fn(async () => 10n * LOOP),
      waitForTransaction: vi.fn(async () => ({ status: "reverted" as const })),
    });
    await expect(deposit(depositReverts).promise).rejects.toThrow("The deposit transaction was reverted on chain.");
  });
});

describe("depositFailureText", () => {
  it("names wallet rejections, contract refusals and missing wallets", () => {
    expect(depositFailureText({ code: 4001, message: "User rejected the request." })).toBe("You rejected the request in your wallet.");
    const paused = {
      name: "ContractFunctionExecutionError",
      shortMessage: "reverted",
      cause: { name: "ContractFunctionRevertedError", data: { errorName: "EnforcedPause" } },
    };
    expect(depositFailureText(paused)).toBe("Deposits are paused at the moment. Please try again later.");
    expect(depositFailureText({ cause: { data: { errorName: "ERC20InsufficientBalance" } } })).toBe(DEPOSIT_MESSAGES.insufficient);
    expect(depositFailureText({ cause: { data: { errorName: "SomethingNew" } } })).toBe("The vault refused the deposit (SomethingNew).");
    expect(depositFailureText({ name: "ProviderNotFoundError" })).toBe("No wallet detected. Please install Trust Wallet or MetaMask.");
    expect(depositFailureText({ shortMessage: "HTTP request failed." })).toBe("HTTP request failed.");
    expect(depositFailureText(new Error("boom"))).toBe(DEPOSIT_FAILED_FALLBACK);
  });

  it("treats a closed wallet modal as a dismissal, not a failure", () => {
    expect(isDepositDismissal(new WalletModalClosedError())).toBe(true);
    expect(isDepositDismissal(new Error("x"))).toBe(false);
  });
});
