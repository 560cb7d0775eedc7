// express-rate-limit's Store on the table app.rate_limit_hits: every API process counts in the
// same rows, so several replicas keep one limit. A hit is one atomic upsert (a fixed window: it
// starts at the key's first hit and lasts windowMs; the first hit after it counts 1 again), so
// concurrent hits from any number of processes are counted exactly. Rows past their window are
// deleted by deleteExpiredRateLimitHits (the api role's sweep); until then they are ignored.
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import type { PrismaClient } from "../db/prisma";

interface Row {
  hits: number;
  reset_at: Date;
}

export class PostgresRateLimitStore implements Store {
  /** Counted in the database: a key incremented here is seen by every process. */
  readonly localKeys = false;

  /**
   * `prefix` names the limit (keys of two limits never meet); `windowMs` is the limit's window
   * (init() takes it from the limiter's options too).
   */
  constructor(
    private readonly prisma: PrismaClient,
    readonly prefix: string,
    private windowMs: number,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const rows = await this.prisma.$queryRaw<Row[]>`
      INSERT INTO "app"."rate_limit_hits" AS hit ("key", "hits", "reset_at")
      VALUES (${this.prefix + key}, 1, now() + (${this.windowMs}::int * interval '1 millisecond'))
      ON CONFLICT ("key") DO UPDATE SET
        "hits" = CASE WHEN hit."reset_at" <= now() THEN 1 ELSE hit."hits" + 1 END,
        "reset_at" = CASE WHEN hit."reset_at" <= now() THEN EXCLUDED."reset_at" ELSE hit."reset_at" END
      RETURNING "hits", "reset_at"`;
    const row = rows[0]!;
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE "app"."rate_limit_hits" SET "hits" = "hits" - 1
      WHERE "key" = ${this.prefix + key} AND "hits" > 0 AND "reset_at" > now()`;
  }

  async resetKey(key: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM "app"."rate_limit_hits" WHERE "key" = ${this.prefix + key}`;
  }

  async resetAll(): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM "app"."rate_limit_hits" WHERE starts_with("key", ${this.prefix})`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const rows = await this.prisma.$queryRaw<Row[]>`
      SELECT "hits", "reset_at" FROM "app"."rate_limit_hits" WHERE "key" = ${this.prefix + key} AND "reset_at" > now()`;
    const row = rows[0];
    return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
  }
}

/** Deletes the rows whose window has ended (they count for nothing); returns how many. */
export function deleteExpiredRateLimitHits(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`DELETE FROM "app"."rate_limit_hits" WHERE "reset_at" <= now()`;
}
