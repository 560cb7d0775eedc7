import {
  analyticsDaySchema,
  analyticsLoopSchema,
  analyticsQuerySchema,
  creatorAnalyticsSchema,
  playResultSchema,
} from "@loop/rules/schemas/analytics";
import { banned, crossSiteOrBanned, failure, invalidQuery, json, rateLimited, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const invalidRange = invalidQuery("`Invalid Range: Choose 7d, 30d, 90d or all.`");

export const analyticsOperations = defineFeature({
  tag: "analytics",
  description: "Plays reported by the web player, and a creator's figures of their own loops (issue 23).",
  schemas: {
    CreatorAnalytics: creatorAnalyticsSchema,
    AnalyticsDay: analyticsDaySchema,
    AnalyticsLoop: analyticsLoopSchema,
    PlayResult: playResultSchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/loops/{id}/plays",
      operationId: "recordPlay",
      summary: "Report a preview played past 5 seconds",
      description:
        "Counts one play of a listed loop per listener and hour. The listener is the signed-in member, or else a keyed hash " +
        "(rotated daily) of the IP address and User-Agent; nothing else is kept. The creator's own plays and unlisted loops are not counted.",
      auth: "optional",
      params: idParams,
      responses: {
        202: json(playResultSchema, "Received; `counted` says whether it counted as a play"),
        403: crossSiteOrBanned,
        404: failure(["LOOP_NOT_FOUND"], "No such loop (`Loop Not Found`)."),
        429: rateLimited,
      },
    },
    {
      method: "get",
      path: "/api/analytics/creator",
      operationId: "getCreatorAnalytics",
      summary: "The caller's figures per UTC day: plays, downloads, sales and earnings by way of paying, offers",
      description:
        "Only the caller's own loops. `days` has one entry per day of the range, zeros included; `loops` every loop of the caller. " +
        "Earnings are the creator's proceeds (the price; the platform's fee is on top), as recorded at sale time; a refunded or " +
        "reversed sale is taken out of its day and counted under `refunds` on the day of the refund.",
      auth: "required",
      query: analyticsQuerySchema,
      responses: {
        200: json(creatorAnalyticsSchema, "The figures"),
        400: invalidRange,
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/analytics/creator/sales.csv",
      operationId: "getCreatorSalesCsv",
      summary: "The caller's sales in the range as CSV (an attachment)",
      description:
        "Columns: date (UTC, ISO 8601), loop, format, buyer (username), method, price_usd, fee_usd, proceeds_usd, proceeds_loop, " +
        "status (`completed` or `refunded`), chain_transaction (wallet sales). RFC 4180 quoting, CRLF line ends; a cell starting " +
        "with = + - @ is prefixed with a quote.",
      auth: "required",
      query: analyticsQuerySchema,
      responses: {
        200: {
          description: "The CSV",
          content: { "text/csv": { schema: { type: "string" } } },
          headers: {
            "Content-Disposition": {
              description: '`attachment; filename="loop-sales-<range>-<YYYY-MM-DD>.csv"`',
              schema: { type: "string" },
              required: true,
            },
          },
        },
        400: invalidRange,
        401: signInRequired,
        403: banned,
      },
    },
  ],
});
