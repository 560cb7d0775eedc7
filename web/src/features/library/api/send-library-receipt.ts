import type { LibraryReceiptResponse } from "@loop/rules/schemas/library";
import { apiJson } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/**
 * POST /api/library/:id/receipt → { sentTo }: the purchase's receipt e-mailed again. 400 for a free
 * download or a member without an e-mail address, 429 past 10 an hour (`{ message }`).
 */
export function sendLibraryReceipt(entryId: string): Promise<LibraryReceiptResponse> {
  return apiJson<LibraryReceiptResponse>("POST", `/api/library/${encodeURIComponent(entryId)}/receipt`);
}

/** Changes nothing the page shows. */
export function useSendLibraryReceipt() {
  return useInvalidatingMutation({ mutationFn: sendLibraryReceipt });
}
