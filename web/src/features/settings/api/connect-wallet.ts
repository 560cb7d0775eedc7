import type { CurrentUser } from "@loop/rules/api-types";
import type { ConnectWalletBody } from "@loop/rules/schemas/auth";
import { jsonCall } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/auth/connect-wallet: links a wallet to the signed-in account by a signed SIWE message. */
export const connectWallet = jsonCall<ConnectWalletBody, CurrentUser>("POST", "/api/auth/connect-wallet");

export function useConnectWallet() {
  return useInvalidatingMutation({
    mutationFn: connectWallet,
    invalidatesOnSuccess: [USER_QUERY_KEY],
  });
}
