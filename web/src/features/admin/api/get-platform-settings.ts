import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/admin/settings (the key joins to that path). */
export const PLATFORM_SETTINGS_QUERY_KEY = [...ADMIN_QUERY_KEY, "settings"] as const;

export const platformSettingsQueryOptions = queryOptions({
  queryKey: PLATFORM_SETTINGS_QUERY_KEY,
  queryFn: getQueryFn<PlatformSettings>({ on401: "throw" }),
  staleTime: 0,
});

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions);
}
