import type { PlatformSettings, PlatformSettingsUpdate } from "@loop/rules/schemas/platform-settings";
import { useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { PLATFORM_SETTINGS_QUERY_KEY } from "./get-platform-settings";

/** PUT /api/admin/settings (only the settings sent change) → the settings. */
export function updatePlatformSettings(body: PlatformSettingsUpdate): Promise<PlatformSettings> {
  return apiJson<PlatformSettings>("PUT", "/api/admin/settings", body);
}

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (settings) => queryClient.setQueryData(PLATFORM_SETTINGS_QUERY_KEY, settings),
    // The audit log; the public fees (client config) are read again on the next page load.
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
