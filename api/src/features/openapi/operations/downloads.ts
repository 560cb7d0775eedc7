import { downloadLinkSchema, downloadQuerySchema } from "@loop/rules/schemas/downloads";
import { z } from "zod";
import { failure, invalidQuery, json, loopNotFound, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const fileHeaders = {
  "Content-Type": { description: "`audio/mpeg` or `audio/wav`", schema: { type: "string" }, required: true },
  "Content-Length": { description: "Size of the file in bytes", schema: { type: "string" }, required: true },
  "Content-Disposition": { description: '`attachment; filename="<title-slug>.<mp3|wav>"`', schema: { type: "string" }, required: true },
};

export const downloadsOperations = defineFeature({
  tag: "downloads",
  description: "Downloads of the full-quality files through short-lived signed links.",
  schemas: { DownloadLink: downloadLinkSchema },
  operations: [
    {
      method: "get",
      path: "/api/loops/{id}/download",
      operationId: "getDownloadLink",
      summary: "A signed link to download a loop (valid 15 minutes)",
      description:
        "Allowed to the creator (any format), to buyers (the format they bought, even if the loop was hidden since), and to anyone " +
        "signed in for a listed free loop (both formats). Open `downloadUrl` on the API's origin to get the file.",
      auth: "required",
      params: idParams,
      query: downloadQuerySchema,
      responses: {
        200: json(downloadLinkSchema, "The link and the file's name"),
        400: invalidQuery("`Invalid Format: Choose mp3 or wav.`"),
        401: signInRequired,
        403: failure(
          ["PURCHASE_REQUIRED", "FORMAT_NOT_PURCHASED", "PURCHASE_REFUNDED", "ACCOUNT_BANNED"],
          "`Purchase Required: Buy this loop to download it.`, `Purchase Required: You bought this loop in another format.`, or a banned account.",
        ),
        404: loopNotFound,
        409: failure(["DOWNLOAD_NOT_READY"], "`Download Not Available: This loop is still being processed.`"),
      },
    },
    {
      method: "get",
      path: "/api/downloads/{token}",
      operationId: "downloadFile",
      summary: "The file of a signed download link, as an attachment",
      description:
        "The token is the credential (no session needed). The first fetch by a user other than the creator counts one download of the loop; " +
        "later fetches by the same user do not.",
      auth: "optional",
      params: z.object({ token: z.string() }),
      responses: {
        200: {
          description: "The file",
          content: {
            "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } },
            "audio/wav": { schema: { type: "string", contentMediaType: "audio/wav" } },
          },
          headers: fileHeaders,
        },
        403: failure(
          ["DOWNLOAD_LINK_INVALID", "PURCHASE_REFUNDED", "FORMAT_NOT_PURCHASED", "PURCHASE_REQUIRED", "ACCOUNT_BANNED"],
          "`Invalid Download Link: …` (altered or not ours), `Purchase Refunded: …` or `Purchase Required: …` (the right has gone since), or a banned account.",
        ),
        404: failure(
          ["LOOP_NOT_FOUND", "FILE_NOT_FOUND"],
          "The loop is gone or no longer ready (`Loop Not Found`), or its file is missing (`File Not Found`).",
        ),
        410: failure(["DOWNLOAD_LINK_EXPIRED"], "`Download Link Expired: Request a new download.`"),
      },
    },
  ],
});
