/** Test data for the tokens feature (imported by tests only). */
import type { ClientConfig } from "@loop/rules/chains";
import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import type { PendingSale, TokenBalance, Transfer } from "@loop/rules/schemas/tokens";

export { makeWithdrawal } from "@/testing/make-withdrawal";

export const BSC_TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/**
 * A GET /api/tokens/balance answer. Without `parts`, none of it is promotional (all of the available
 * LOOP can be withdrawn); `parts` gives the withdrawable and promotional LOOP of issue 18.
 */
export function balance(
  total: string,
  held = "0.00000000",
  available?: string,
  parts: { withdrawable?: string; promotional?: string } = {},
): TokenBalance {
  const spendable = available ?? total;
  return {
    balance: total,
    held,
    available: spendable,
    withdrawable: parts.withdrawable ?? spendable,
    promotional: parts.promotional ?? "0.00000000",
  };
}

/** A GET /api/tokens/pending-sales line: card/PayPal sale proceeds held until `availableAt`. */
export function pendingSale(amount: string, availableAt = "2026-12-03T12:00:00.000Z"): PendingSale {
  return { amount, availableAt };
}

export function makeTransfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: "t-1",
    transferType: "user_transfer",
    direction: "in",
    fromUserId: "user-2",
    toUserId: "current_user",
    amount: "25.00000000",
    description: "Thanks for the loop",
    status: "completed",
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<TokenOrder> = {}): TokenOrder {
  return {
    id: "o-1",
    requestedAmount: "5000.00000000",
    usdAmount: "10.00",
    paymentMethod: "paypal",
    paymentDetails: "me@example.com",
    message: null,
    status: "pending",
    rejectionReason: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    processedAt: null,
    ...overrides,
  };
}

/** A client config with LoopToken deployed on BSC only (Ethereum has no manifest). */
export function clientConfig(): ClientConfig {
  return {
    chains: [
      {
        id: 31337,
        name: "Hardhat (local)",
        publicRpcUrl: "http://127.0.0.1:8545",
        contracts: {
          token: "0x0000000000000000000000000000000000000001",
          marketplace: "0x0000000000000000000000000000000000000002",
          vault: "0x0000000000000000000000000000000000000003",
        },
      },
      {
        id: 56,
        name: "BNB Smart Chain",
        publicRpcUrl: "https://bsc.example",
        contracts: {
          token: BSC_TOKEN,
          marketplace: "0x0000000000000000000000000000000000000004",
          vault: "0x0000000000000000000000000000000000000005",
        },
      },
      { id: 1, name: "Ethereum", publicRpcUrl: "https://eth.example", contracts: null },
    ],
    defaultChainId: 31337,
    walletConnectProjectId: null,
    oidc: null,
    paypal: null,
    stripe: null,
  };
}
