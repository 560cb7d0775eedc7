import type { DeliveryFormat, DownloadLink } from "@loop/rules/schemas/downloads";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/**
 * GET /api/loops/:id/download?format=: a signed link (`/api/downloads/<token>`, 15 minutes) to the
 * file, answered as an attachment. Signed in; free, bought or own loops. Shared: the loop's Download
 * menu (downloads) and the Library's "Download again" ask for the same link.
 */
export function getDownloadLink({ loopId, format }: { loopId: string; format: DeliveryFormat }): Promise<DownloadLink> {
  return apiJson<DownloadLink>("GET", `/api/loops/${encodeURIComponent(loopId)}/download?format=${format}`);
}

/** A mutation, not a query: every click asks for a fresh link (and the server counts the download). */
export function useDownloadLink() {
  return useMutation({ mutationFn: getDownloadLink });
}
