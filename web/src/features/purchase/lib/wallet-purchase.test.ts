import type { CryptoPurchaseStatus } from "@loop/rules/schemas/purchases";
import { describe, expect, it, vi } from "vitest";
import { fakeTransactionWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import { WalletModalClosedError, WalletNotConnectedError } from "@/lib/wallet/wallet-errors";
import { insufficientWalletText, isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { QUOTE_BUYER as BUYER, walletPurchase, walletPurchaseReport, walletQuote } from "../testing/purchase-fixtures";
import {
  type PurchaseApi,
  type PurchaseWallet,
  runWalletPurchase,
  toMarketplaceQuote,
  WALLET_PURCHASE_FAILED_FALLBACK,
  walletPurchaseFailureText,
  WalletPurchaseRefusedError,
  type WalletPurchaseStep,
} from "./wallet-purchase";

const LOOP = 10n ** 18n;
const PURCHASE = walletPurchase();
const TX = `0x${"22".repeat(32)}` as const;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;

function fakeWallet(overrides: Partial<PurchaseWallet> = {}): PurchaseWallet {
  return {
    ...fakeTransactionWallet({ address: BUYER, writes: { "token.approve": APPROVE_TX, "marketplace.purchase": TX } }),
    ...overrides,
  };
}

function fakeApi(
  answers: CryptoPurchaseStatus[] = [{ status: "completed", purchase: PURCHASE }],
  quote = walletQuote(),
): PurchaseApi & { reportPurchase: ReturnType<typeof vi.fn> } {
  let call = 0;
  return {
    requestQuote: vi.fn(async () => quote),
    reportPurchase: vi.fn(async () => answers[Math.min(call++, answers.length - 1)]!),
  };
}

const run = (
  wallet: PurchaseWallet,
  api: PurchaseApi,
  steps: WalletPurchaseStep[] = [],
  extra: { timeoutMs?: number; now?: () => number } = {},
) =>
  runWalletPurchase(wallet, api, {
    loopId: "loop-1",
    format: "mp3",
    onStep: (step) => steps.push(step),
    sleep: async () => undefined,
    ...extra,
  });

describe("toMarketplaceQuote", () => {
  it("turns the API's decimal strings into the contract's exact bigints", () => {
    expect(toMarketplaceQuote({ ...walletQuote().quote, price: "2495000000000000000001", deadline: "1900000000" })).toEqual({
      buyer: BUYER,
      seller: `0x${"b2".repeat(20)}`,
      loopId: `0x${"0c".repeat(32)}`,
      format: 0,
      price: 2_495_000_000_000_000_000_001n,
      fee: 50n * LOOP,
      orderId: `0x${"0d".repeat(32)}`,
      deadline: 1_900_000_000n,
    });
  });

  it("refuses a malformed amount instead of guessing", () => {
    expect(() => toMarketplaceQuote({ ...walletQuote().quote, price: "1.5" })).toThrow(WalletPurchaseRefusedError);
  });
});

describe("runWalletPurchase", () => {
  it("quotes, approves exactly the total when the allowance is short, purchases, waits and polls until recorded", async () => {
    const wallet = fakeWallet();
    const api = fakeApi([
      { status: "pending", purchase: null },
      { status: "pending", purchase: null },
      { status: "completed", purchase: PURCHASE },
    ]);
    const steps: WalletPurchaseStep[] = [];
    const outcome = await run(wallet, api, steps);

    expect(outcome).toEqual({ status: "completed", purchase: PURCHASE, txHash: TX });
    expect(steps).toEqual(["connecting", "quoting", "checking", "approving", "paying", "confirming", "recording"]);
    const token = `0x${"a1".repeat(20)}`;
    const marketplace = `0x${"e5".repeat(20)}`;
    expect(wallet.readTokenAllowance).toHaveBeenCalledWith({ chainId: 31337, token, owner: BUYER, spender: marketplace });
    expect(wallet.writeContract).toHaveBeenCalledTimes(2);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(1, { name: "token", chainId: 31337, address: token }, "approve", [
      marketplace,
      2545n * LOOP,
    ]);
    expect(wallet.waitForTransaction).toHaveBeenNthCalledWith(1, { chainId: 31337, hash: APPROVE_TX });
    expect(wallet.writeContract).toHaveBeenNthCalledWith(2, { name: "marketplace", chainId: 31337, address: marketplace }, "purchase", [
      toMarketplaceQuote(walletQuote().quote),
      walletQuote().signature,
    ]);
    // The approval is mined before the purchase is sent.
    expect(vi.mocked(wallet.waitForTransaction).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(wallet.writeContract).mock.invocationCallOrder[1]!,
    );
    expect(wallet.waitForTransaction).toHaveBeenNthCalledWith(2, { chainId: 31337, hash: TX });
    expect(api.reportPurchase).toHaveBeenCalledTimes(3);
    expect(api.reportPurchase).toHaveBeenCalledWith(walletPurchaseReport("loop-1", TX));
  });

  it("skips the approval when the allowance covers the total, and switches chain when the wallet is elsewhere", async () => {
    const wallet = fakeWallet({
      readTokenAllowance: vi.fn(async () => 2545n * LOOP),
      connect: vi.fn(async () => ({ address: BUYER, chainId: 1 })),
    });
    const steps: WalletPurchaseStep[] = [];
    await run(wallet, fakeApi(), steps);
    expect(writtenFunctions(wallet)).toEqual(["marketplace.purchase"]);
    expect(wallet.switchChain).toHaveBeenCalledExactlyOnceWith(31337);
    expect(steps).toEqual(["connecting", "quoting", "switching", "checking", "paying", "confirming", "recording"]);
  });

  it("refuses before the wallet prompts when the connected wallet is not the quote's buyer", async () => {
    const wallet = fakeWallet({ connect: vi.fn(async () => ({ address: `0x${"99".repeat(20)}` as const, chainId: 31337 })) });
    await expect(run(wallet, fakeApi())).rejects.toThrow(/wallet linked to your account/);
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("refuses when the wallet holds less than the total", async () => {
    const wallet = fakeWallet({ readTokenBalance: vi.fn(async () => 100n * LOOP) });
    await expect(run(wallet, fakeApi())).rejects.toThrow(insufficientWalletText(2545n * LOOP, 100n * LOOP));
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("a reverted purchase is an error, not a recorded purchase", async () => {
    const wallet = fakeWallet({
      waitForTransaction: vi.fn(async () => ({ status: "reverted" as const })),
      readTokenAllowance: vi.fn(async () => 10n ** 30n),
    });
    const api = fakeApi();
    await expect(run(wallet, api)).rejects.toThrow("The purchase transaction was reverted on chain.");
    expect(api.reportPurchase).not.toHaveBeenCalled();
  });

  it("answers pending when the purchase is not recorded within the timeout", async () => {
    let clock = 0;
    const api = fakeApi([{ status: "pending", purchase: null }]);
    const outcome = await run(fakeWallet(), api, [], { timeoutMs: 2000, now: () => (clock += 500) });
    expect(outcome).toEqual({ status: "pending", txHash: TX });
    expect(api.reportPurchase.mock.calls.length).toBeGreaterThan(1);
  });
});

describe("failure texts", () => {
  it("names the marketplace's custom errors", () => {
    const revert = (errorName: string) => ({
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", data: { errorName } },
    });
    expect(walletPurchaseFailureText(revert("QuoteExpired"))).toMatch(/quote expired/);
    expect(walletPurchaseFailureText(revert("NotBuyer"))).toBe("Pay from the wallet linked to your account.");
    expect(walletPurchaseFailureText(revert("EnforcedPause"))).toMatch(/paused/);
    expect(walletPurchaseFailureText(new Error("boom"))).toBe(WALLET_PURCHASE_FAILED_FALLBACK);
  });

  it("uses the spec's crypto texts: 'Wallet not connected', 'Transfer failed', and the balance in LOOP tokens", () => {
    const revert = (errorName: string) => ({
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", data: { errorName } },
    });
    expect(walletPurchaseFailureText(new WalletNotConnectedError())).toBe("Wallet not connected");
    expect(walletPurchaseFailureText(revert("ERC20InsufficientBalance"))).toBe(
      "Transfer failed: your wallet doesn't hold enough LOOP for this purchase.",
    );
    expect(insufficientWalletText(2545n * LOOP, 100n * LOOP)).toBe("Insufficient Balance: You need 2,545 LOOP tokens but only have 100");
  });

  it("a rejection in the wallet or a closed modal is a dismissal", () => {
    expect(isWalletDismissal({ code: 4001, message: "User rejected the request." })).toBe(true);
    expect(isWalletDismissal(new WalletModalClosedError())).toBe(true);
    expect(isWalletDismissal(new Error("x"))).toBe(false);
  });
});
