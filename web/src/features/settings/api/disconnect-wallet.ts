import { apiRequest } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/auth/disconnect-wallet: unlinks the wallet (409 `{message}` when it is the only sign-in). */
export async function disconnectWallet(): Promise<void> {
  await apiRequest("POST", "/api/auth/disconnect-wallet");
}

export function useDisconnectWallet() {
  return useInvalidatingMutation({
    mutationFn: disconnectWallet,
    invalidatesOnSuccess: [USER_QUERY_KEY],
  });
}
