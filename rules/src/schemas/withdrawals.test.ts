import { describe, expect, it } from "vitest";
import {
  WITHDRAWAL_MESSAGES as M,
  canTransition,
  invalidStatusChangeMessage,
  isFinalWithdrawalStatus,
  minimumWithdrawalMessage,
  withdrawalRequestSchema,
  withdrawalRequestSchemaFor,
  withdrawalStatusUpdateSchema,
} from "./withdrawals";

const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BTC = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";

function requestError(body: unknown): string | undefined {
  const result = withdrawalRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function updateError(body: unknown): string | undefined {
  const result = withdrawalStatusUpdateSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("withdrawal request", () => {
  it("parses a valid request into ledger units", () => {
    expect(withdrawalRequestSchema.parse({ amount: "12.5", method: "crypto_eth", destination: ` ${ETH} ` })).toEqual({
      amount: 1_250_000_000n,
      method: "crypto_eth",
      destination: ETH,
    });
    expect(withdrawalRequestSchema.parse({ amount: "10", method: "crypto_btc", destination: BTC }).amount).toBe(1_000_000_000n);
  });

  it("checks the minimum it is given (the platform setting), naming it in the message", () => {
    expect(M.minimum).toBe(minimumWithdrawalMessage(1_000_000_000n));
    expect(requestError({ amount: "9.99999999", method: "crypto_eth", destination: ETH })).toBe(
      "Minimum Withdrawal: The minimum withdrawal is 10 LOOP",
    );
    const at25 = withdrawalRequestSchemaFor(2_550_000_000n);
    expect(at25.safeParse({ amount: "25.49999999", method: "crypto_eth", destination: ETH }).error?.issues[0]?.message).toBe(
      "Minimum Withdrawal: The minimum withdrawal is 25.5 LOOP",
    );
    expect(at25.parse({ amount: "25.5", method: "crypto_eth", destination: ETH }).amount).toBe(2_550_000_000n);
    expect(withdrawalRequestSchemaFor(100_000_000n).parse({ amount: "1", method: "crypto_eth", destination: ETH }).amount).toBe(
      100_000_000n,
    );
    expect(minimumWithdrawalMessage(12_345_678n)).toBe("Minimum Withdrawal: The minimum withdrawal is 0.12345678 LOOP");
  });

  it("requires every field", () => {
    expect(requestError({})).toBe(M.missing);
    expect(requestError({ amount: "20", method: "crypto_eth" })).toBe(M.missing);
    expect(requestError({ amount: "20", destination: ETH })).toBe(M.missing);
    expect(requestError({ method: "loop", destination: ETH })).toBe(M.missing);
    expect(requestError({ amount: " ", method: "loop", destination: ETH })).toBe(M.missing);
    expect(requestError(null)).toBeDefined();
  });

  it("checks the amount: positive, exact, at least 10 LOOP", () => {
    expect(requestError({ amount: "0", method: "loop", destination: ETH })).toBe(M.notPositive);
    expect(requestError({ amount: "-5", method: "loop", destination: ETH })).toBe(M.notPositive);
    expect(requestError({ amount: "abc", method: "loop", destination: ETH })).toBe(M.invalidAmount);
    expect(requestError({ amount: 20, method: "loop", destination: ETH })).toBe(M.invalidAmount);
    expect(requestError({ amount: "10.000000001", method: "loop", destination: ETH })).toBe(M.tooPrecise);
    expect(requestError({ amount: "9.99999999", method: "loop", destination: ETH })).toBe(M.minimum);
    expect(requestError({ amount: "10", method: "loop", destination: ETH })).toBeUndefined();
  });

  it("checks the method and the destination's shape for it", () => {
    expect(requestError({ amount: "10", method: "paypal", destination: ETH })).toBe(M.invalidMethod);
    for (const method of ["crypto_eth", "crypto_usdc", "crypto_usdt", "loop"]) {
      expect(requestError({ amount: "10", method, destination: "0x123" })).toBe(M.invalidEvmDestination);
      expect(requestError({ amount: "10", method, destination: BTC })).toBe(M.invalidEvmDestination);
      expect(requestError({ amount: "10", method, destination: ETH })).toBeUndefined();
    }
    expect(requestError({ amount: "10", method: "crypto_btc", destination: ETH })).toBe(M.invalidBtcDestination);
    expect(requestError({ amount: "10", method: "crypto_btc", destination: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" })).toBeUndefined();
  });
});

describe("withdrawal status update", () => {
  it("needs an action, a transaction id to complete and a reason to fail", () => {
    expect(updateError({})).toBe(M.missingStatus);
    expect(updateError({ status: "" })).toBe(M.missingStatus);
    expect(updateError({ status: "done" })).toBe(M.invalidStatus);
    expect(updateError({ status: "pending" })).toBe(M.invalidStatus);
    expect(updateError({ status: "completed" })).toBe(M.missingTransactionId);
    expect(updateError({ status: "completed", transactionId: "  " })).toBe(M.missingTransactionId);
    expect(updateError({ status: "failed", failureReason: null })).toBe(M.missingFailureReason);
    expect(withdrawalStatusUpdateSchema.parse({ status: "processing" })).toEqual({
      status: "processing",
      transactionId: null,
      failureReason: null,
    });
    expect(withdrawalStatusUpdateSchema.parse({ status: "completed", transactionId: " tx1 " })).toEqual({
      status: "completed",
      transactionId: "tx1",
      failureReason: null,
    });
    expect(withdrawalStatusUpdateSchema.parse({ status: "failed", failureReason: "Bad address" }).failureReason).toBe("Bad address");
  });

  it("follows the state machine", () => {
    expect(canTransition("pending", "processing")).toBe(true);
    expect(canTransition("pending", "cancelled")).toBe(true);
    expect(canTransition("pending", "failed")).toBe(true);
    expect(canTransition("pending", "completed")).toBe(false);
    expect(canTransition("processing", "completed")).toBe(true);
    expect(canTransition("processing", "failed")).toBe(true);
    expect(canTransition("processing", "cancelled")).toBe(false);
    for (const final of ["completed", "failed", "cancelled"] as const) {
      expect(isFinalWithdrawalStatus(final)).toBe(true);
      for (const to of ["pending", "processing", "completed", "failed", "cancelled"] as const) expect(canTransition(final, to)).toBe(false);
    }
    expect(invalidStatusChangeMessage("completed", "failed")).toBe("Invalid Status Change: A completed withdrawal cannot become failed");
  });
});
