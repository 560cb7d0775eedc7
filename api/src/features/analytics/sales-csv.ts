// GET /api/analytics/creator/sales.csv (issue 23): one line per sale of the caller's loops in the
// range, oldest first, streamed from a server-side cursor 1,000 rows at a time (100,000 sales never sit
// in memory), with RFC 4180 quoting and cells that a spreadsheet would run as a formula (= + - @, tab,
// carriage return first) prefixed with a quote.
import type { Response } from "express";
import { SALES_CSV_COLUMNS } from "@loop/rules/schemas/analytics";
import { formatLoop, formatUsd } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";
import { poolOf } from "../../db/prisma";

const PAGE = 1000;

/** One CSV cell: formula-injection safe, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

interface SaleRow {
  date: string;
  title: string;
  format: string;
  buyer: string;
  method: string;
  price_cents: number;
  fee_cents: number;
  proceeds_units: string;
  refunded: boolean;
  chain_tx: string | null;
}

// The seller's proceeds as the rollups count them (migration 20261128100000_creator_analytics,
// app.sale_delta): their postings in the sale's entry, else the price at the one rate.
const SALES_SQL = `
  SELECT to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "date", l."title", p."format"::text AS "format",
         u."username" AS "buyer", p."method", p."price_cents", p."fee_cents",
         COALESCE((SELECT sum(po."amount") FROM "app"."ledger_postings" po JOIN "app"."ledger_accounts" a ON a."id" = po."account_id"
                   WHERE po."entry_id" = p."ledger_entry_id" AND a."user_id" = l."user_id"),
                  p."price_cents"::bigint * 500000000)::text AS "proceeds_units",
         p."refunded_at" IS NOT NULL AS "refunded",
         CASE WHEN p."method" = 'wallet' THEN p."external_ref" END AS "chain_tx"
  FROM "app"."purchases" p
  JOIN "app"."loops" l ON l."id" = p."loop_id"
  JOIN "app"."users" u ON u."id" = p."buyer_id"
  WHERE l."user_id" = $1::uuid AND p."method" IN ('loop', 'wallet', 'paypal', 'card')
    AND ($2::date IS NULL OR p."created_at" >= ($2::date)::timestamp AT TIME ZONE 'UTC')
  ORDER BY p."created_at", p."id"`;

function line(row: SaleRow): string {
  return csvLine([
    row.date,
    row.title,
    row.format,
    row.buyer,
    row.method,
    formatUsd(BigInt(row.price_cents)),
    formatUsd(BigInt(row.fee_cents)),
    formatUsd(BigInt(row.price_cents)),
    formatLoop(BigInt(row.proceeds_units)),
    row.refunded ? "refunded" : "completed",
    row.chain_tx ?? "",
  ]);
}

/** Waits until `res` can take more (or is gone): a slow client holds the cursor, not the memory. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Streams the CSV of `userId`'s sales since `from` (YYYY-MM-DD, UTC; null: all) into `res`. */
export async function streamSalesCsv(prisma: PrismaClient, res: Response, userId: string, from: string | null, filename: string) {
  const pool = poolOf(prisma);
  if (!pool) throw new Error("the sales CSV needs the client's pg pool");
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query("BEGIN READ ONLY");
    await client.query({ text: `DECLARE sales_csv NO SCROLL CURSOR FOR ${SALES_SQL}`, values: [userId, from] });
    res.status(200);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="${filename}"`);
    res.write(csvLine(SALES_CSV_COLUMNS));
    for (;;) {
      const page = await client.query<SaleRow>(`FETCH ${PAGE} FROM sales_csv`);
      if (page.rows.length === 0 || res.destroyed) break;
      if (!res.write(page.rows.map(line).join(""))) await drained(res);
      if (page.rows.length < PAGE) break;
    }
    await client.query("COMMIT");
    res.end();
  } catch (error) {
    failed = true;
    await client.query("ROLLBACK").catch(() => undefined);
    if (res.headersSent) res.destroy(error as Error);
    else throw error;
  } finally {
    client.release(failed);
  }
}
