/** The signed-in user (GET /api/auth/user; 401 = signed out) shared by the shell and every feature. */
import type { CurrentUser } from "@loop/rules/api-types";
import { SESSION_META_NAME } from "@loop/rules/page-data";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "./api-client";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/**
 * Whether the page's HTML said its request carried no session cookie: then there is nobody to ask
 * about, and a visitor's page does not ask only to be answered 401 (an error in the browser's
 * console). Read once, by the first call, and removed: the hint is about the page as it loaded, so
 * every later call (after a sign-in, a sign-out, any refetch) asks. Without the meta (`pnpm dev`'s
 * server, tests) every call asks.
 */
function loadedWithoutSession(): boolean {
  const meta = document.querySelector(`meta[name="${SESSION_META_NAME}"]`);
  meta?.remove();
  return meta?.getAttribute("content") === "0";
}

/** GET /api/auth/user: the signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  if (loadedWithoutSession()) return null;
  try {
    return await apiJson<CurrentUser>("GET", "/api/auth/user", undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * At start: a page that loaded without a session cookie has a visitor, known at once. Its first
 * render is then the visitor's page, with no loading state in between (one render less on a phone).
 * Queries never go stale here, so nothing asks until a sign-in invalidates the user.
 */
export function seedSignedOutVisitor(client: QueryClient): void {
  if (loadedWithoutSession()) client.setQueryData(USER_QUERY_KEY, null);
}

/**
 * The query clients whose member is signing out (features/auth/api/logout.ts). Kept per client, in a
 * WeakSet, not in a module flag: each test renders its app with a client of its own, and a module
 * flag set by one test's logout stopped the next test's app from asking for its member.
 */
const signingOut = new WeakSet<QueryClient>();

/**
 * From the start of a logout until the page reloads, `client`'s user query answers the user it
 * holds instead of asking: whatever refreshes it meanwhile (a save that settles, a ban check) would
 * be answered 401 once the session is gone, an error in the browser's console. `false` when the
 * logout failed: the member is still signed in.
 */
export function setSigningOut(client: QueryClient, value: boolean): void {
  if (value) signingOut.add(client);
  else signingOut.delete(client);
}

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ client, signal }) =>
    signingOut.has(client) ? (client.getQueryData<CurrentUser | null>(USER_QUERY_KEY) ?? null) : getCurrentUser(signal),
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
