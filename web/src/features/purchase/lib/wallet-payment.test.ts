import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { WALLET_TRANSACTION_FAILED, WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import { PaymentFailedError } from "./payment-panels";
import { walletPaymentFailure, walletSufficiency } from "./wallet-payment";

const LOOP = 10n ** 18n;

describe("walletSufficiency", () => {
  it("compares the wallet's wei with the total's ledger units exactly", () => {
    // 2,545 LOOP = 254,500,000,000 ledger units (10^-8 LOOP).
    expect(walletSufficiency(undefined, 254_500_000_000n)).toEqual({ state: "unknown" });
    expect(walletSufficiency(2545n * LOOP, 254_500_000_000n)).toEqual({ state: "enough" });
    expect(walletSufficiency(2000n * LOOP, 254_500_000_000n)).toEqual({ state: "short", shortWei: 545n * LOOP });
  });
});

describe("walletPaymentFailure", () => {
  it("says nothing when the buyer closed the wallet or refused in it", () => {
    expect(walletPaymentFailure(new WalletModalClosedError())).toBeNull();
    expect(walletPaymentFailure({ code: 4001, message: "User rejected the request." })).toBeNull();
  });

  it("keeps an API refusal as the server said it (the dialog shows its message, or applies the 401 rule)", () => {
    const refused = new ApiError(400, JSON.stringify({ message: "Wallet Required: link a wallet first." }), "Bad Request");
    expect(walletPaymentFailure(refused)).toBe(refused);
  });

  it("turns a wallet or chain failure into 'Transaction Failed' with its reason", () => {
    const revert = {
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", data: { errorName: "QuoteExpired" } },
    };
    const failure = walletPaymentFailure(revert);
    expect(failure).toBeInstanceOf(PaymentFailedError);
    expect(failure).toMatchObject({ title: WALLET_TRANSACTION_FAILED, message: expect.stringMatching(/quote expired/) });
  });
});
