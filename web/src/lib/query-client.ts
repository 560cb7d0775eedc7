import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { USER_QUERY_KEY } from "./auth";

/** A call refused because the account was banned meanwhile (the ban applies to the next request). */
export function isBannedError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "ACCOUNT_BANNED";
}

/**
 * TanStack Query defaults from docs/product.md#api: no retries, no refetching, never stale. There is no
 * default queryFn: every query brings its own fetcher (one file per call in `features/<feature>/api/`
 * or `lib/get-*.ts`), so a query without one fails ("Missing queryFn"). Keys only name the data (many
 * read like the path they name, e.g. ["/api/tokens/balance"]); no URL is derived from a key.
 * A call refused for a ban reloads the signed-in user, so the page shows the ban at once.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isBannedError(error)) void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
