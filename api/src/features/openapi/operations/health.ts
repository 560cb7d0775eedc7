import { healthResponseSchema } from "@loop/rules/schemas/api-responses";
import { json } from "../responses";
import { defineFeature } from "../spec";

export const healthOperations = defineFeature({
  tag: "health",
  description: "Liveness of the API and its database, for load balancers and `pnpm start`.",
  schemas: { HealthResponse: healthResponseSchema },
  operations: [
    {
      method: "get",
      path: "/api/health",
      operationId: "getHealth",
      summary: "Is the API up and its database reachable? How far are the indexer and the settlement?",
      auth: "none",
      responses: {
        200: json(healthResponseSchema, "The database answers; `chains` reports each chain: RPC head, indexed head, settlement backlog"),
        503: json(healthResponseSchema, '`{ "status": "error", "database": "unreachable", "chains": [] }`'),
      },
    },
  ],
});
