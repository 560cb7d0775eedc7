import type { LicenceSummary } from "@loop/rules/schemas/licences";
import { useQuery } from "@tanstack/react-query";
import { withSearchParams } from "@/lib/api-client";
import { jsonQueryOptions } from "@/lib/json-query";

/**
 * GET /api/licences?loopId=: the signed-in member's licences of a loop, one per purchase (a refunded
 * one `revoked`), for the Download menu's "Licence (MP3/WAV)" items. Asked when the menu opens.
 */
export const loopLicencesQueryOptions = (loopId: string) =>
  jsonQueryOptions<LicenceSummary[]>(["/api/licences", { loopId }], withSearchParams("/api/licences", { loopId }), { staleTime: 0 });

export function useLoopLicences(loopId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...loopLicencesQueryOptions(loopId), enabled });
}

/** The licence's PDF (GET /api/licences/:id/pdf, the buyer's; an attachment). */
export const licencePdfUrl = (licenceId: string) => `/api/licences/${encodeURIComponent(licenceId)}/pdf`;
