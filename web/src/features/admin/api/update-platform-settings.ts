import type { PlatformSettings, PlatformSettingsUpdate } from "@loop/rules/schemas/platform-settings";
import { jsonCall } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { PLATFORM_SETTINGS_QUERY_KEY } from "./get-platform-settings";

/** PUT /api/admin/settings (only the settings sent change) → the settings. */
export const updatePlatformSettings = jsonCall<PlatformSettingsUpdate, PlatformSettings>("PUT", "/api/admin/settings");

export function useUpdatePlatformSettings() {
  return useInvalidatingMutation({
    mutationFn: updatePlatformSettings,
    answerIsDataOf: PLATFORM_SETTINGS_QUERY_KEY,
    // The audit log; the public fees (client config) are read again on the next page load.
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
