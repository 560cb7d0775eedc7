// The API's hottest statements (every signed-in request's session, POST /api/tokens/transfer) run
// on the pool under Prisma's adapter (poolOf: same connections, same limit) as named prepared
// statements: Postgres parses and plans them once per connection, and Prisma's query layer (its
// parameter and result mapping, the row decoding) is skipped, which cost more API CPU per request
// than the rest of a transfer (docs/decisions.md, issue 19). A client made elsewhere runs them
// through Prisma. Write `text` so that both give the same rows: cast BIGINT columns to text (pg
// returns strings, Prisma bigints) and cast every parameter. Without a `name` the statement is
// parsed and planned on every run (for texts too many to keep prepared on every connection).
import { poolOf, type PrismaClient } from "./prisma";

export async function hotQuery<T>(prisma: PrismaClient, name: string | undefined, text: string, values: readonly unknown[]): Promise<T[]> {
  const pool = poolOf(prisma);
  // pg only reads the values; its types ask for a mutable array.
  const params = values as unknown[];
  if (pool) return (await pool.query(name ? { name, text, values: params } : { text, values: params })).rows as T[];
  return prisma.$queryRawUnsafe<T[]>(text, ...params);
}
