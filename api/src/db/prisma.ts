import { availableParallelism } from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "../generated/prisma/client";

export { Prisma, PrismaClient };

/**
 * Connections per API process when DATABASE_POOL_SIZE is unset: two per core of this machine, from
 * 4 to 10 (node-postgres' own default, the old one). More connections than Postgres has cores to
 * run them only take turns: on the 2-core bench machine 10 connections cost Postgres 15–30 % more
 * CPU per catalog request than 4 (docs/decisions.md, "Issue 19 — connections per core").
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/** DATABASE_POOL_SIZE: connections this process may hold (1–1000; unset → defaultPoolSize()). */
export function poolSizeFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return defaultPoolSize();
  const size = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(size >= 1 && size <= 1000)) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${raw}")`);
  return size;
}

/** The node-postgres pool under each client made by createPrisma (the adapter's own). */
const pools = new WeakMap<PrismaClient, pg.Pool>();

export function createPrisma(connectionString: string, options: { poolSize?: number } = {}): PrismaClient {
  const max = options.poolSize ?? poolSizeFromEnv();
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that dies (a Postgres restart, a proxy timeout) is an 'error' event on the
  // pool; unheard, it would end the process. Prisma's adapter listens only once it has connected,
  // and the hot queries may use the pool before that. The pool replaces the connection itself.
  pool.on("error", () => {});
  // The same pg at run time; the adapter is typed against a newer @types/pg than the API's.
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], { disposeExternalPool: true }),
  });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The connection pool Prisma's adapter runs on, for the one hot read that skips Prisma's query
 * layer (GET /api/loops, catalog.service.ts; docs/decisions.md, issue 19): same connections, same
 * limit. Undefined for a client made elsewhere.
 */
export function poolOf(prisma: PrismaClient): pg.Pool | undefined {
  return pools.get(prisma);
}

/** Transaction client handed to `prisma.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

/** True for a unique-constraint violation (P2002), optionally on a given column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  if (!column) return true;
  return JSON.stringify(error.meta ?? {}).includes(column);
}

/** True when a `delete`/`update` found no row matching its filter (P2025). */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";
}
