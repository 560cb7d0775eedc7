import type { Licence } from "@loop/rules/schemas/licences";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

/**
 * GET /api/licences/:id: a licence's facts and whether it is valid, for anyone, signed in or not
 * (`ownedByMe` for its buyer); 404 'Licence Not Found'. The status can change (a refund): every visit asks.
 */
export const licenceQueryOptions = (licenceId: string) =>
  jsonQueryOptions<Licence>(["/api/licences", licenceId], `/api/licences/${encodeURIComponent(licenceId)}`, { staleTime: 0 });

export function useLicence(licenceId: string) {
  return useQuery(licenceQueryOptions(licenceId));
}
