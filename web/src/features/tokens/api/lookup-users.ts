import { type UserLookupEntry, type UserLookupResponse, userLookupQuerySchema, userLookupResponseSchema } from "@loop/rules/schemas/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";

export type { UserLookupEntry };

/** Prefix of every member lookup (invalidate with this). */
export const LOOKUP_USERS_QUERY_KEY = ["/api/users"] as const;

/** The text as looked up: trimmed (as the API reads it). */
export function lookupText(text: string): string {
  return text.trim();
}

/** Whether the API takes `text` (1 to 50 characters once trimmed): anything else would answer 400, so it is never sent. */
export function canLookUp(text: string): boolean {
  return userLookupQuerySchema.safeParse({ query: text }).success;
}

/**
 * GET /api/users?query=… (issue 37): members whose username starts with the text (an exact username
 * first, at most 8), or the member whose account id it is; banned members and the viewer left out.
 */
export async function lookupUsers(text: string, signal?: AbortSignal): Promise<UserLookupResponse> {
  const path = withSearchParams("/api/users", { query: lookupText(text) });
  return userLookupResponseSchema.parse(await apiJson<unknown>("GET", path, undefined, { signal }));
}

export function lookupUsersQueryOptions(text: string) {
  const query = lookupText(text);
  return queryOptions({
    queryKey: [...LOOKUP_USERS_QUERY_KEY, { query }] as const,
    queryFn: ({ signal }) => lookupUsers(query, signal),
    enabled: canLookUp(query),
    // Typing back and forth reuses an answer for a while; members rarely change their username.
    staleTime: 30_000,
  });
}

export function useLookupUsers(text: string) {
  return useQuery(lookupUsersQueryOptions(text));
}
