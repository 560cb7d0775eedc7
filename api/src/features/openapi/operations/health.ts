import { healthProbeResponseSchema, healthResponseSchema } from "@loop/rules/schemas/api-responses";
import { json } from "../responses";
import { defineFeature } from "../spec";

export const healthOperations = defineFeature({
  tag: "health",
  description: "Liveness of the API and its database, for load balancers and `pnpm start`.",
  schemas: { HealthResponse: healthResponseSchema, HealthProbeResponse: healthProbeResponseSchema },
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
    {
      method: "get",
      path: "/api/health/live",
      operationId: "getLiveness",
      summary: "Liveness probe: the API process runs (a worker-only process answers GET /health/live on WORKER_HEALTH_PORT)",
      auth: "none",
      responses: {
        200: json(healthProbeResponseSchema, '`{ "status": "ok", "roles": [...] }`: the roles the process runs (LOOP_ROLES)'),
      },
    },
    {
      method: "get",
      path: "/api/health/ready",
      operationId: "getReadiness",
      summary: "Readiness probe: the API process runs and its database answers (a worker-only process: GET /health/ready)",
      auth: "none",
      responses: {
        200: json(healthProbeResponseSchema, "The database answers"),
        503: json(healthProbeResponseSchema, '`{ "status": "error", "roles": [...] }`: the database does not answer'),
      },
    },
  ],
});
