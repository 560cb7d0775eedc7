import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/** TanStack Query defaults from spec §7: GET to the key path, no retries, no refetching, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
