// A worker-only process serves no API, but its orchestrator still probes it: a tiny HTTP listener
// on WORKER_HEALTH_PORT answering GET /health/live and GET /health/ready (features/health/health-probes.ts),
// `{ "status": "ok" | "error", "roles": [...] }`. Anything else is a 404.
import http from "node:http";
import type { PrismaClient } from "../db/prisma";
import { liveness, readiness, type ProbeAnswer } from "../features/health/health-probes";
import type { Role } from "./roles";

export interface WorkerHealthServer {
  readonly port: number;
  /** Shutting down: ready answers 503 from now on (live still 200). */
  markStopping(): void;
  close(): Promise<void>;
}

export interface WorkerHealthOptions {
  prisma: PrismaClient;
  roles: readonly Role[];
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

export async function startWorkerHealthServer(options: WorkerHealthOptions): Promise<WorkerHealthServer> {
  const { prisma, roles } = options;
  let stopping = false;
  const answer = (res: http.ServerResponse, { status, body }: ProbeAnswer) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?", 1)[0];
    if (req.method !== "GET" || (path !== "/health/live" && path !== "/health/ready")) {
      res.writeHead(404, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    if (path === "/health/live") return answer(res, liveness(roles));
    readiness(prisma, roles, stopping).then(
      (ready) => answer(res, ready),
      () => answer(res, { status: 503, body: { status: "error", roles: [...roles] } }),
    );
  });
  // Probes are short: an idle probe connection must not hold the shutdown.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    get port() {
      return (server.address() as { port: number }).port;
    },
    markStopping() {
      stopping = true;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
