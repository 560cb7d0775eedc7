import type { WithdrawalMethod } from "@loop/rules/schemas/withdrawals";

/** What each withdrawal method reads (the member's Withdraw dialog and history, the admin's queue). */
export const METHOD_LABELS: Record<WithdrawalMethod, string> = {
  crypto_eth: "Ethereum (ETH)",
  crypto_btc: "Bitcoin (BTC)",
  crypto_usdc: "USDC",
  crypto_usdt: "USDT",
  loop: "LOOP on chain",
};
