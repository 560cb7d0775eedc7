#!/usr/bin/env node
// `pnpm reset`: deletes the local data of `pnpm dev` / `pnpm start` (.data/: the embedded
// database, caught mail, stored files). Refuses while LOOP is running.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { color, say } from "./lib/log.mjs";
import { liveHolder } from "./lib/lock.mjs";
import { DATA_DIR, ROOT } from "./lib/paths.mjs";

const log = (text) => say("reset", text);

const holder = liveHolder();
if (holder) {
  console.error(
    color.red(
      `LOOP is running (pid ${holder.pid}, pnpm ${holder.command ?? "dev"}). Stop it with Ctrl-C in its terminal first, then run pnpm reset.`,
    ),
  );
  process.exit(1);
}

function sizeOf(file) {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(file).reduce((sum, name) => sum + sizeOf(path.join(file, name)), 0);
}

function human(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const DESCRIPTIONS = {
  postgres: "the local database (users, loops, purchases, ledger, indexed chain data)",
  maildev: "caught e-mails (MailDev)",
  files: "uploaded and generated files",
  "dev.lock": "a stale lock",
};

if (!existsSync(DATA_DIR)) {
  log(`nothing to remove: ${path.relative(ROOT, DATA_DIR)}/ does not exist`);
  process.exit(0);
}

const entries = readdirSync(DATA_DIR);
log(`removing ${path.relative(ROOT, DATA_DIR)}/ (${human(sizeOf(DATA_DIR))}):`);
for (const name of entries) {
  const file = path.join(DATA_DIR, name);
  log(`  ${name.padEnd(10)} ${human(sizeOf(file)).padStart(9)}  ${DESCRIPTIONS[name] ?? ""}`);
}
rmSync(DATA_DIR, { recursive: true, force: true });
log(color.green("done: the next pnpm dev starts from an empty database with fresh demo data"));
