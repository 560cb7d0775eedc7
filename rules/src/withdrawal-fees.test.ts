import { describe, expect, it } from "vitest";
import { WITHDRAWAL_METHODS } from "./schemas/withdrawals";
import {
  COMING_SOON_WITHDRAWAL_METHODS,
  WITHDRAWAL_FEE_BPS,
  WITHDRAWAL_METHOD_INFO,
  WITHDRAWAL_NETWORK_FEE_PAYER,
  bpsText,
  publishedFeeText,
  withdrawalFeeCents,
  withdrawalMethodFeeText,
  withdrawalNetUsdCents,
} from "./withdrawal-fees";

describe("withdrawal fees", () => {
  it("the platform takes no fee and pays the network fee (decisions.md, issue 5)", () => {
    expect(WITHDRAWAL_FEE_BPS).toBe(0n);
    expect(WITHDRAWAL_NETWORK_FEE_PAYER).toBe("platform");
    expect(withdrawalFeeCents(12_345n)).toBe(0n);
    expect(withdrawalNetUsdCents(12_345n)).toBe(12_345n);
  });

  it("a fee, if there were one, is rounded half-up to the cent", () => {
    expect(withdrawalFeeCents(1_000n, 150n)).toBe(15n);
    expect(withdrawalFeeCents(30n, 150n)).toBe(0n); // 0.45 → 0
    expect(withdrawalFeeCents(100n, 150n)).toBe(2n); // 1.5 → 2
    expect(withdrawalNetUsdCents(1_000n, 150n)).toBe(985n);
    expect(withdrawalFeeCents(0n, 150n)).toBe(0n);
  });

  it("fee lines from the constants", () => {
    expect(withdrawalMethodFeeText("loop")).toBe("No fee — the platform pays the network (gas) fee");
    expect(withdrawalMethodFeeText("crypto_btc")).toBe("No fee — the platform pays the network (miner) fee");
    expect(withdrawalMethodFeeText("crypto_eth", 0n, "member")).toBe("Network fee only");
    expect(withdrawalMethodFeeText("crypto_usdc", 150n, "member")).toBe("1.5% — you pay the network (gas) fee");
  });

  it("describes every method members can use", () => {
    expect(Object.keys(WITHDRAWAL_METHOD_INFO).sort()).toEqual([...WITHDRAWAL_METHODS].sort());
    expect(WITHDRAWAL_METHOD_INFO.loop.payout).toBe("vault");
    for (const method of WITHDRAWAL_METHODS.filter((m) => m !== "loop")) expect(WITHDRAWAL_METHOD_INFO[method].payout).toBe("admin");
  });

  it("the providers' published fees read as the spec writes them", () => {
    expect(bpsText(290n)).toBe("2.9%");
    expect(bpsText(200n)).toBe("2%");
    expect(bpsText(5n)).toBe("0.05%");
    expect(COMING_SOON_WITHDRAWAL_METHODS.map((m) => `${m.name} ${publishedFeeText(m.publishedFee)}`)).toEqual([
      "PayPal 2.9% + $0.30",
      "Wise 0.4%–2%",
      "Skrill 1.9%",
      "Revolut 1.5%",
    ]);
  });
});
