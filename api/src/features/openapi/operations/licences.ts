import {
  LICENCE_MESSAGES,
  licenceListQuerySchema,
  licencePdfQuerySchema,
  licenceSchema,
  licenceSummaryListSchema,
  licenceSummarySchema,
} from "@loop/rules/schemas/licences";
import { banned, failure, invalidQuery, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

export const licencesOperations = defineFeature({
  tag: "licences",
  description:
    "The licence of every purchase (docs/licence.md): public verification, the buyer's PDF, the member's licences of a loop. " +
    "Each purchase answer carries its `licenceId`.",
  schemas: { Licence: licenceSchema, LicenceSummary: licenceSummarySchema },
  operations: [
    {
      method: "get",
      path: "/api/licences",
      operationId: "listLicences",
      summary: "The signed-in member's licences for a loop",
      description:
        "One per purchase of the loop by the caller (newest first), refunded ones included as `revoked`: the Download menu offers each valid one's PDF.",
      auth: "required",
      query: licenceListQuerySchema,
      responses: {
        200: json(licenceSummaryListSchema, "The licences"),
        400: invalidQuery(`\`${LICENCE_MESSAGES.loopId}\``),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/licences/{id}",
      operationId: "getLicence",
      summary: "Verify a licence (public)",
      description:
        "Anyone may read a licence by its (unguessable) id: its facts as they were at the purchase, and whether it is valid. " +
        "A refunded or reversed purchase is `revoked` with the date. No e-mail address is shown; the buyer by username. " +
        "`ownedByMe` says whether the signed-in caller is the buyer.",
      auth: "optional",
      params: idParams,
      responses: {
        200: json(licenceSchema, "The licence"),
        403: banned,
        404: failure(["LICENCE_NOT_FOUND"], `Unknown or malformed id (\`${LICENCE_MESSAGES.notFound}\`).`),
      },
    },
    {
      method: "get",
      path: "/api/licences/{id}/pdf",
      operationId: "getLicencePdf",
      summary: "The licence as a PDF (the buyer's)",
      description:
        "Made on request: the facts, the status at that moment, the terms in brief, the verification address and its QR code. " +
        "For the signed-in buyer, or with the signed `token` of the purchase e-mail (valid as long as its download link).",
      auth: "optional",
      params: idParams,
      query: licencePdfQuerySchema,
      responses: {
        200: {
          description: "The PDF, as an attachment",
          content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } },
          headers: {
            "Content-Disposition": {
              description: '`attachment; filename="loop-licence-<id>.pdf"`',
              schema: { type: "string" },
              required: true,
            },
            "Cache-Control": { description: "`private, no-store`", schema: { type: "string" }, required: true },
          },
        },
        401: signInRequired,
        403: failure(
          ["LICENCE_LINK_INVALID", "ACCOUNT_BANNED"],
          `\`${LICENCE_MESSAGES.invalidLink}\` (a changed token), or a banned account.`,
        ),
        404: failure(["LICENCE_NOT_FOUND"], `Unknown id, or not the caller's licence (\`${LICENCE_MESSAGES.notFound}\`).`),
        410: failure(["LICENCE_LINK_EXPIRED"], `\`${LICENCE_MESSAGES.expiredLink}\``),
      },
    },
  ],
});
