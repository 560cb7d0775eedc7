import { apiRequest } from "@/lib/api-client";

/** POST /api/logout: ends the session and clears its cookie (204). A GET never signs out. */
export async function logout(): Promise<void> {
  await apiRequest("POST", "/api/logout");
}
