import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const PLATFORM_SETTINGS_QUERY_KEY = [...ADMIN_QUERY_KEY, "settings"] as const;

/** GET /api/admin/settings: the platform settings the admin may change. */
export const platformSettingsQueryOptions = jsonQueryOptions<PlatformSettings>(PLATFORM_SETTINGS_QUERY_KEY, "/api/admin/settings", {
  staleTime: 0,
});

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions);
}
