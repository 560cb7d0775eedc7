// The benches' bare control (issue 39): the SQL the API runs for a request, through node:http and
// pg with no framework, on the same database and machine, in the same run. A bench times LOOP and
// this side by side and budgets the ratio, so a budget measures the code, not the machine.
// What it leaves out is what the API adds around the same statements: Express and its middleware,
// sessions, validation errors, the answer's formatting. Each route runs exactly the API's statement
// (the same text, values and prepared statement's name where the API names one):
//   GET  /api/loops?…                    catalogStatement (features/loops/catalog-query.ts)
//   GET  /api/search?q=…                 SEARCH_STATEMENT (features/search/search.service.ts)
//   GET  /api/analytics/creator?range=…&userId=…   creatorAnalyticsStatements (features/analytics)
//   POST /control/ledger-post {from, to, units}     one balanced app.ledger_post between two members
// A query is parsed and its statement built once per distinct URL, as the API memoises them.
// Started by scripts/bench/api-harness.mjs (startControl): node --import tsx bench/control-server.ts,
// DATABASE_URL and CONTROL_PORT in its environment; prints "listening" once it answers. The API's
// tests start it in their process (test/control-server.test.ts: it answers what the API answers).
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parse as parseQueryString } from "node:querystring";
import { pathToFileURL } from "node:url";
import { analyticsQuerySchema } from "@loop/rules/schemas/analytics";
import { loopListQuerySchema } from "@loop/rules/schemas/loops";
import { searchQuerySchema } from "@loop/rules/schemas/search";
import pg from "pg";
import { defaultPoolSize } from "../src/db/prisma";
import { creatorAnalyticsStatements, todayUtc } from "../src/features/analytics/analytics.service";
import { catalogStatement } from "../src/features/loops/catalog-query";
import { parsedSearch, SEARCH_STATEMENT } from "../src/features/search/search.service";

interface Statement {
  readonly name?: string;
  readonly text: string;
  readonly values: unknown[];
}

function statementsOf(path: string, query: string): Statement[] {
  const raw = parseQueryString(query);
  switch (path) {
    case "/api/loops":
      return [catalogStatement(loopListQuerySchema.parse(raw))];
    case "/api/search": {
      return [{ ...SEARCH_STATEMENT, values: [...parsedSearch(searchQuerySchema.parse(raw)).values] }];
    }
    case "/api/analytics/creator": {
      const { range } = analyticsQuerySchema.parse(raw);
      return creatorAnalyticsStatements(String(raw.userId), range, todayUtc());
    }
    default:
      throw new Error(`no control for ${path}`);
  }
}

const LEDGER_POST_SQL = `SELECT "entry_id" FROM "app"."ledger_post"($1::text, 'user_transfer', 'control',
  ARRAY["app"."ledger_user_account"($2::uuid), "app"."ledger_user_account"($3::uuid)], ARRAY[-$4::bigint, $4::bigint])`;

function send(res: http.ServerResponse, status: number, text: string) {
  const bytes = Buffer.from(text, "utf8");
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": bytes.length });
  res.end(bytes);
}

export interface ControlServer {
  readonly server: http.Server;
  readonly port: number;
  close(): Promise<void>;
}

/** The control on `port` (0: any free one) over `databaseUrl`, with as many connections as the API's pool. */
export async function startControlServer(databaseUrl: string, port = 0): Promise<ControlServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE) || defaultPoolSize() });
  pool.on("error", () => {});
  /** Statements by URL: built on first use. */
  const statements = new Map<string, Statement[]>();

  async function read(url: string): Promise<string> {
    let list = statements.get(url);
    if (list === undefined) {
      const mark = url.indexOf("?");
      list = statementsOf(mark === -1 ? url : url.slice(0, mark), mark === -1 ? "" : url.slice(mark + 1));
      statements.set(url, list);
    }
    const results = await Promise.all(list.map((statement) => pool.query(statement)));
    // The catalog's and the search's statements return the answer's text; others their rows.
    const [first] = results;
    if (results.length === 1 && first!.rows.length === 1 && typeof first!.rows[0].body === "string") return first!.rows[0].body as string;
    return JSON.stringify(results.map((result) => result.rows));
  }

  async function ledgerPost(body: string): Promise<string> {
    const { from, to, units } = JSON.parse(body) as { from: string; to: string; units: string };
    const values = [`control:${randomUUID()}`, from, to, units];
    const { rows } = await pool.query({ name: "control_ledger_post", text: LEDGER_POST_SQL, values });
    return JSON.stringify({ id: rows[0].entry_id });
  }

  const server = http.createServer((req, res) => {
    const fail = (error: unknown) => send(res, 500, JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
    if (req.method === "POST" && req.url === "/control/ledger-post") {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => void ledgerPost(body).then((text) => send(res, 201, text), fail));
      return;
    }
    void read(req.url ?? "/").then((text) => send(res, 200, text), fail);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

// Run as a process by the benches: DATABASE_URL and CONTROL_PORT, "listening" once it answers.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const control = await startControlServer(process.env.DATABASE_URL ?? "", Number(process.env.CONTROL_PORT));
  console.log("listening");
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void control.close().finally(() => process.exit(0)));
}
