/** The signed-in user (GET /api/auth/user; 401 = signed out) shared by the shell and every feature. */
import type { CurrentUser } from "@loop/rules/api-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, getQueryFn } from "./api-client";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
  retry: false,
});

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useUser(): AuthState {
  const { data, isLoading } = useQuery(userQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** GET /api/auth/nonce: a fresh single-use nonce for a Sign-In with Ethereum message. */
export async function getNonce(): Promise<string> {
  const { nonce } = await apiJson<{ nonce: string }>("GET", "/api/auth/nonce");
  return nonce;
}

/** The name shown for a user: username, else first (and last) name, else e-mail, else null. */
export function displayName(user: Pick<CurrentUser, "username" | "firstName" | "lastName" | "email">): string | null {
  if (user.username) return user.username;
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ");
  if (full) return full;
  return user.email;
}
