import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { setSigningOut, USER_QUERY_KEY } from "@/lib/auth";

/**
 * POST /api/logout: ends the session and clears its cookie (204). A GET never signs out. The caller
 * reloads the page after it. From the start, `client` no longer asks for its user (an asking already
 * under way is cancelled): the page shows the member until it reloads, and no GET /api/auth/user is
 * answered 401 in between. A failed POST leaves the member signed in, and asking again.
 */
export async function logout(client: QueryClient): Promise<void> {
  setSigningOut(client, true);
  await client.cancelQueries({ queryKey: USER_QUERY_KEY });
  try {
    await apiRequest("POST", "/api/logout");
  } catch (error) {
    setSigningOut(client, false);
    throw error;
  }
}
