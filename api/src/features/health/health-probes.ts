// Liveness and readiness, for an orchestrator's probes: the API answers them at /api/health/live
// and /api/health/ready (health.router.ts), a worker-only process at /health/live and /health/ready
// (roles/worker-health.ts). Live: the process runs. Ready: and its database answers.
import type { HealthProbeResponse } from "@loop/rules/auth-api-types";
import type { PrismaClient } from "../../db/prisma";
import type { Role } from "../../roles/roles";
import { databaseIsUp } from "./health.service";

export interface ProbeAnswer {
  status: 200 | 503;
  body: HealthProbeResponse;
}

export function liveness(roles: readonly Role[]): ProbeAnswer {
  return { status: 200, body: { status: "ok", roles: [...roles] } };
}

/** 503 while the database does not answer (within 2 s), or when `stopping` (the process is shutting down). */
export async function readiness(prisma: PrismaClient, roles: readonly Role[], stopping = false): Promise<ProbeAnswer> {
  const up = !stopping && (await databaseIsUp(prisma));
  return { status: up ? 200 : 503, body: { status: up ? "ok" : "error", roles: [...roles] } };
}
