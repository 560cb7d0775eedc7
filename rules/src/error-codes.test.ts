import { describe, expect, it } from "vitest";
import { codeOfStatus, ERROR_CODES, errorMessage, isErrorCode, isTemplated, type ErrorCode } from "./error-codes";
import { insufficientLoopMessage } from "./schemas/purchases";
import { UNITS_PER_LOOP } from "./units";

describe("the error codes", () => {
  it("give each status its generic code, whose own status is that status", () => {
    for (const status of [400, 401, 402, 403, 404, 409, 410, 413, 422, 429, 500, 502, 503])
      expect(ERROR_CODES[codeOfStatus(status)].status).toBe(status);
    expect(codeOfStatus(418)).toBe("BAD_REQUEST");
    expect(codeOfStatus(504)).toBe("INTERNAL");
  });

  it("are recognised only when listed", () => {
    expect(isErrorCode("ACCOUNT_BANNED")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("NOPE")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it("are stable machine names, each with an error status and a text or a template", () => {
    for (const [code, { status, message }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      if (typeof message === "string") expect(message.trim(), code).not.toBe("");
      expect(isTemplated(code as ErrorCode), code).toBe(typeof message === "function");
    }
  });

  it("fill a template from its typed parameters, with the texts the product already shows", () => {
    expect(errorMessage("LOOP_NOT_FOUND")).toBe("Loop Not Found");
    expect(errorMessage("INSUFFICIENT_BALANCE", { neededUnits: 2545n * UNITS_PER_LOOP, availableUnits: 500n * UNITS_PER_LOOP })).toBe(
      insufficientLoopMessage("2545", "500"),
    );
    expect(errorMessage("PROMOTIONAL_LOOP_LOCKED", { action: "withdraw", withdrawableUnits: -1n })).toMatch(
      /you can withdraw up to 0 LOOP$/,
    );
    expect(errorMessage("OFFER_BELOW_MINIMUM", { minOfferCents: 50 })).toBe("Offer Too Low: The smallest offer is $0.50");
    expect(errorMessage("USD_AMOUNT_MISMATCH", { loopUnits: 1250n * UNITS_PER_LOOP, usdCents: 250n })).toBe(
      "USD Amount Mismatch: 1250 LOOP is $2.50",
    );
    expect(errorMessage("ACCOUNT_BANNED", { reason: null })).toBe("Your account has been banned. Reason: not given");
    expect(errorMessage("PAYOUTS_UNAVAILABLE", { missing: "vault", chainId: 1 })).toBe(
      "LOOP payouts are unavailable: LoopVault is not deployed on chain 1",
    );
    expect(errorMessage("PAYMENT_DECLINED", {})).toBe("Payment Declined: Your payment was declined. Please try another way to pay.");
    expect(errorMessage("PAYMENT_DECLINED", { cardReason: "Your card has insufficient funds." })).toBe(
      "Payment Declined: Your card has insufficient funds.",
    );
  });
});
