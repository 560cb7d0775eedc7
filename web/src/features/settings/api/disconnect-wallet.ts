import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";

/** POST /api/auth/disconnect-wallet: unlinks the wallet (409 `{message}` when it is the only sign-in). */
export async function disconnectWallet(): Promise<void> {
  await apiRequest("POST", "/api/auth/disconnect-wallet");
}

export function useDisconnectWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
