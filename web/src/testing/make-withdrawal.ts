/** A withdrawal for tests (pending 100 LOOP = $0.20 to an Ethereum address): the tokens and admin tests use it. */
import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { fixture } from "@/testing/fixture";

export const makeWithdrawal = fixture<Withdrawal>(() => ({
  id: "w-1",
  amount: "100.00000000",
  usdAmount: "0.20",
  method: "crypto_eth",
  destination: "0x52908400098527886E0F7030069857D2E4169EE7",
  status: "pending",
  transactionId: null,
  failureReason: null,
  createdAt: "2026-11-21T10:00:00.000Z",
  processedAt: null,
}));
