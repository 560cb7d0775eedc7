import {
  LIBRARY_MESSAGES,
  libraryEntrySchema,
  libraryPageSchema,
  libraryQuerySchema,
  libraryReceiptResponseSchema,
} from "@loop/rules/schemas/library";
import { banned, failure, hourlyLimited, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

export const libraryOperations = defineFeature({
  tag: "library",
  description:
    "The buyer's library (issue 37): every purchase and free download of the signed-in member, one entry per licence, " +
    "with the loop even once it is hidden, private or taken down. A refunded or reversed purchase stays listed, revoked, without a download.",
  schemas: { LibraryEntry: libraryEntrySchema },
  operations: [
    {
      method: "get",
      path: "/api/library",
      operationId: "listLibrary",
      summary: "The signed-in member's library, newest first",
      description:
        "Cursor paging (`after` = the previous page's `nextCursor`). Download again with `GET /api/loops/{id}/download?format=` " +
        "while `canDownload`; play the preview while `loop.audioFileUrl` is set (its buyer may, even once it is no longer listed).",
      auth: "required",
      query: libraryQuerySchema,
      responses: {
        200: json(libraryPageSchema, "One page of entries"),
        400: failure(["VALIDATION_FAILED", "INVALID_CURSOR"], "A filter is not valid; `message` names it."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/library/{id}",
      operationId: "getLibraryEntry",
      summary: "One entry of the member's library (the receipt's link)",
      description: "By its licence's id.",
      auth: "required",
      params: idParams,
      responses: {
        200: json(libraryEntrySchema, "The entry"),
        401: signInRequired,
        403: banned,
        404: failure(["LIBRARY_ENTRY_NOT_FOUND"], `Unknown id, or not the caller's (\`${LIBRARY_MESSAGES.notFound}\`).`),
      },
    },
    {
      method: "post",
      path: "/api/library/{id}/receipt",
      operationId: "resendLibraryReceipt",
      summary: "E-mail a purchase's receipt again",
      description:
        "To the member's address now, with fresh download and licence links. " +
        `At most ${"`LIBRARY_RECEIPTS_PER_HOUR`"} (10) an hour per member.`,
      auth: "required",
      params: idParams,
      responses: {
        200: json(libraryReceiptResponseSchema, "Sent"),
        400: failure(
          ["NO_RECEIPT_FOR_FREE", "NO_EMAIL_ADDRESS"],
          `A free download (\`${LIBRARY_MESSAGES.receiptFree}\`), or no e-mail address (\`${LIBRARY_MESSAGES.receiptNoEmail}\`).`,
        ),
        401: signInRequired,
        403: banned,
        404: failure(["LIBRARY_ENTRY_NOT_FOUND"], `Unknown id, or not the caller's (\`${LIBRARY_MESSAGES.notFound}\`).`),
        429: hourlyLimited("RECEIPTS_RATE_LIMITED", `\`${LIBRARY_MESSAGES.tooManyReceipts}\``),
        502: failure(["RECEIPT_NOT_SENT"], `\`${LIBRARY_MESSAGES.receiptNotSent}\``),
      },
    },
  ],
});
