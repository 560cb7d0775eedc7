import { CLIENT_ERROR_MAX_BYTES, clientErrorSchema } from "@loop/rules/schemas/client-errors";
import { failure, invalidBody, rateLimited } from "../responses";
import { defineFeature } from "../spec";

export const clientErrorsOperations = defineFeature({
  tag: "client-errors",
  description: "The web app's reports of pages that failed to render, for the API's log (issue 36).",
  schemas: { ClientErrorReport: clientErrorSchema },
  operations: [
    {
      method: "post",
      path: "/api/client-errors",
      operationId: "reportClientError",
      summary: "Report a page that failed to render",
      description:
        "Written to the API's log with a request id of its own (answered in `X-Request-Id`); nothing is stored. " +
        `Anyone may report (signed in or not); limited per IP (\`RATE_LIMIT_CLIENT_ERRORS_PER_IP\`) and to ${CLIENT_ERROR_MAX_BYTES / 1024} kB.`,
      auth: "optional",
      body: clientErrorSchema,
      responses: {
        204: {
          description: "Logged",
          headers: { "X-Request-Id": { description: "The id the report was logged under", schema: { type: "string" } } },
        },
        400: invalidBody,
        403: failure(["CROSS_SITE_REFUSED"], "A cross-site request (`Cross-site request refused`)."),
        413: failure(["PAYLOAD_TOO_LARGE"], `The body is larger than ${CLIENT_ERROR_MAX_BYTES / 1024} kB.`),
        429: rateLimited,
      },
    },
  ],
});
