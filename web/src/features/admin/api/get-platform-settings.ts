import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const PLATFORM_SETTINGS_QUERY_KEY = [...ADMIN_QUERY_KEY, "settings"] as const;

/** GET /api/admin/settings: the platform settings the admin may change. */
export function getPlatformSettings(signal?: AbortSignal): Promise<PlatformSettings> {
  return apiJson<PlatformSettings>("GET", "/api/admin/settings", undefined, { signal });
}

export const platformSettingsQueryOptions = queryOptions({
  queryKey: PLATFORM_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => getPlatformSettings(signal),
  staleTime: 0,
});

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions);
}
