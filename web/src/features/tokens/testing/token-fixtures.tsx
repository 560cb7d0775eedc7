/** Test data for the tokens feature (imported by tests only). */
import type { ClientConfig } from "@loop/rules/chains";
import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import type { PendingSale, TokenBalance, Transfer } from "@loop/rules/schemas/tokens";
import type { UserLookupEntry } from "@loop/rules/schemas/users";
import { type ApiHandler, json } from "@/testing/stub-api";
import { fixture } from "@/testing/fixture";

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

export const makeTransfer = fixture<Transfer>(() => ({
  id: "t-1",
  transferType: "user_transfer",
  direction: "in",
  fromUserId: "user-2",
  toUserId: "current_user",
  amount: "25.00000000",
  description: "Thanks for the loop",
  status: "completed",
  createdAt: "2026-11-20T10:00:00.000Z",
}));

/** Members the GET /api/users lookup knows (issue 37). */
export const MEMBERS = {
  ana: { id: "2f1c7a4e-8b3d-4c59-9e61-0a7b3c5d9e21", username: "ana", name: "Ana Silva", profileImageUrl: null },
  anders: {
    id: "7d9e0b12-3c4f-4a68-8b7e-5f1a2c3d4e5f",
    username: "anders_beats",
    name: null,
    profileImageUrl: "https://cdn.example/anders.png",
  },
  bruno: { id: "c3b2a190-5e4d-4f37-a6b8-9c0d1e2f3a4b", username: "bruno", name: "Bruno Costa", profileImageUrl: null },
} satisfies Record<string, UserLookupEntry>;

/**
 * GET /api/users?query= as the API answers it: the members whose username starts with the query
 * (case insensitive, an exact match first), or the one whose account id it is; 400 for no query.
 */
export function lookupUsersRoute(members: UserLookupEntry[] = Object.values(MEMBERS)): ApiHandler {
  return ({ url }) => {
    const query = (url.searchParams.get("query") ?? "").trim();
    if (!query) return json({ message: "Invalid query" }, 400);
    const text = query.toLowerCase();
    const byId = members.filter((member) => member.id === query);
    const users = byId.length
      ? byId
      : members
          .filter((member) => member.username.toLowerCase().startsWith(text))
          .sort((a, b) => Number(b.username.toLowerCase() === text) - Number(a.username.toLowerCase() === text));
    return json({ users: users.slice(0, 8) });
  };
}

export const makeOrder = fixture<TokenOrder>(() => ({
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
}));

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
