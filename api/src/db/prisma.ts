import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "../generated/prisma/client";

export { Prisma, PrismaClient };

/** node-postgres' own default. */
export const DEFAULT_POOL_SIZE = 10;

/** DATABASE_POOL_SIZE: connections this process may hold (1–1000; unset → 10). */
export function poolSizeFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return DEFAULT_POOL_SIZE;
  const size = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(size >= 1 && size <= 1000)) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${raw}")`);
  return size;
}

export function createPrisma(connectionString: string, options: { poolSize?: number } = {}): PrismaClient {
  const max = options.poolSize ?? poolSizeFromEnv();
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
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
