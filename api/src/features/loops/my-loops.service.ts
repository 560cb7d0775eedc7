// GET /api/profile/loops (issue 37): "My Loops" as a table, past any number of loops. Every loop of
// the creator but those taken down, with its all-time plays, sales and earnings (loop_stats_totals,
// kept by the analytics' triggers), sorted by date, plays, sales or earnings, paged by a keyset
// cursor (the sort's value, then the id).
import { SALE_METHODS } from "@loop/rules/schemas/analytics";
import { type MyLoopsPage, type MyLoopsQuery, type MyLoopSort } from "@loop/rules/schemas/my-loops";
import { centsToLoopUnits, formatLoop, formatUsd } from "@loop/rules/units";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { PROCESS_LOOP } from "../../jobs/loop-worker";
import { creatorLoopView } from "./loop.view";
import { DomainError } from "../../domain-error";

const sum = (column: (method: string) => string) => SALE_METHODS.map((method) => `COALESCE(s."${column(method)}", 0)`).join(" + ");
const SALES = sum((method) => `sales_${method}`);
const UNITS = sum((method) => `earnings_units_${method}`);
const CENTS = sum((method) => `earnings_cents_${method}`);

/** Each sort's value: the upload's time, or a figure (earnings in LOOP units, a cent worth its LOOP at the platform's rate). */
const SORT_VALUES: Record<MyLoopSort, Prisma.Sql> = {
  recent: Prisma.sql`l."created_at"`,
  plays: Prisma.sql`COALESCE(s."plays", 0)::numeric`,
  sales: Prisma.raw(`(${SALES})::numeric`),
  earnings: Prisma.raw(`(${UNITS})::numeric + (${CENTS})::numeric * ${centsToLoopUnits(1n)}`),
};

interface Row {
  id: string;
  sort_value: string;
  plays: number;
  sales: number;
  units: string;
  cents: string;
}

function encodeCursor(query: MyLoopsQuery, row: Row): string {
  return Buffer.from(JSON.stringify([query.sort, query.order, row.sort_value, row.id]), "utf8").toString("base64url");
}

function decodeCursor(query: MyLoopsQuery): [string, string] | null {
  if (query.after === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(query.after, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 4 && value[0] === query.sort && value[1] === query.order) {
      const [, , sortValue, id] = value as unknown[];
      const validValue =
        typeof sortValue === "string" && (query.sort === "recent" ? !Number.isNaN(Date.parse(sortValue)) : /^\d{1,40}$/.test(sortValue));
      if (validValue && typeof id === "string" && UUID.test(id)) return [sortValue, id];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new DomainError("INVALID_CURSOR", { list: "myLoops" });
}

/**
 * Where each processing loop's job is: a worker has it (active) or it waits (queued). Unfinished
 * jobs are few whatever the history: the queue's index (queue, state) finds them.
 */
async function processingStages(prisma: PrismaClient, loopIds: string[]): Promise<Map<string, "queued" | "processing">> {
  if (loopIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ loop_id: string; active: boolean }[]>`
    SELECT j."payload"->>'loopId' AS loop_id, bool_or(j."state" = 'active') AS active
    FROM "app"."jobs" j
    WHERE j."queue" = ${PROCESS_LOOP} AND j."state" IN ('queued', 'active') AND j."payload"->>'loopId' = ANY(${loopIds}::text[])
    GROUP BY 1`;
  return new Map(rows.map((row) => [row.loop_id, row.active ? "processing" : "queued"]));
}

export async function myLoops(prisma: PrismaClient, userId: string, query: MyLoopsQuery): Promise<MyLoopsPage> {
  const value = SORT_VALUES[query.sort];
  const cursor = decodeCursor(query);
  const direction = query.order === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const typed = (text: string) => (query.sort === "recent" ? Prisma.sql`${text}::timestamptz` : Prisma.sql`${text}::numeric`);
  // The cursor's text of the value: a time to the millisecond (created_at's precision), or a whole number.
  const sortText =
    query.sort === "recent"
      ? Prisma.sql`to_char(x."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : Prisma.sql`x."sort_value"::text`;
  const keyset = cursor
    ? query.order === "asc"
      ? Prisma.sql`WHERE (x."sort_value", x."id") > (${typed(cursor[0])}, ${cursor[1]}::uuid)`
      : Prisma.sql`WHERE (x."sort_value", x."id") < (${typed(cursor[0])}, ${cursor[1]}::uuid)`
    : Prisma.empty;
  const [rows, counted] = await prisma.$transaction([
    prisma.$queryRaw<Row[]>`
      SELECT x."id"::text AS id, ${sortText} AS sort_value,
        x."plays", x."sales", x."units"::text AS units, x."cents"::text AS cents
      FROM (
        SELECT l."id", l."created_at", ${value} AS "sort_value", COALESCE(s."plays", 0) AS "plays",
          (${Prisma.raw(SALES)})::int AS "sales", (${Prisma.raw(UNITS)})::bigint AS "units", (${Prisma.raw(CENTS)})::bigint AS "cents"
        FROM "app"."loops" l LEFT JOIN "app"."loop_stats_totals" s ON s."loop_id" = l."id"
        WHERE l."user_id" = ${userId}::uuid AND l."status" <> 'removed'
      ) AS x
      ${keyset}
      ORDER BY x."sort_value" ${direction}, x."id" ${direction}
      LIMIT ${query.limit + 1}`,
    prisma.loop.count({ where: { userId, status: { not: "removed" } } }),
  ]);
  const page = rows.slice(0, query.limit);
  const loops = await prisma.loop.findMany({ where: { id: { in: page.map((row) => row.id) } }, include: { genre: true } });
  const byId = new Map(loops.map((loop) => [loop.id, loop]));
  const stages = await processingStages(
    prisma,
    loops.filter((loop) => loop.status === "processing").map((loop) => loop.id),
  );
  const last = page.at(-1);
  return {
    loops: page.flatMap((row) => {
      const loop = byId.get(row.id);
      if (!loop) return [];
      return [
        {
          ...creatorLoopView(loop),
          plays: Number(row.plays),
          sales: Number(row.sales),
          earningsLoop: formatLoop(BigInt(row.units)),
          earningsUsd: formatUsd(BigInt(row.cents)),
          processingStage: loop.status === "processing" ? (stages.get(loop.id) ?? "queued") : null,
        },
      ];
    }),
    total: counted,
    nextCursor: rows.length > query.limit && last ? encodeCursor(query, last) : null,
  };
}
