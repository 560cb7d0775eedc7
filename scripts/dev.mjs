#!/usr/bin/env node
// `pnpm dev`: the whole local stack in one terminal.
//   db (embedded Postgres) -> migrate -> mail (MailDev) -> chain (Hardhat node) -> deploy ->
//   indexer (Ponder) -> api (tsx watch) -> web (Vite)
// Ctrl-C (SIGINT) or SIGTERM stops everything it started. See README.md.
import path from "node:path";
import { color, box, say } from "./lib/log.mjs";
import { assertPortsFree } from "./lib/ports.mjs";
import { redactUrl, settingsOrExit } from "./lib/config.mjs";
import { createOrchestrator } from "./lib/orchestrator.mjs";
import { pnpm } from "./lib/pnpm.mjs";
import { httpOk } from "./lib/health.mjs";
import { chainsWithContracts, resetIndexerForChain } from "./lib/indexer.mjs";
import { DATA_DIR } from "./lib/paths.mjs";
import { deployLocal, startDatabase, startHardhatNode, startMailDev, startPonder } from "./lib/services.mjs";

const NAME = "dev";
const log = (text) => say(NAME, text);

const config = settingsOrExit("dev", (text) => log(color.red(text)));
const { env } = config;

const { supervisor, run } = await createOrchestrator({ name: NAME, command: "dev" });

async function main() {
  const ports = [
    config.embeddedDb && { name: "embedded Postgres", port: config.dbPort },
    { name: "MailDev SMTP", port: config.mailSmtpPort, env: "MAILDEV_SMTP_PORT" },
    { name: "MailDev web", port: config.mailWebPort, env: "MAILDEV_WEB_PORT" },
    { name: "Hardhat node", port: config.hardhatPort, env: "HARDHAT_PORT" },
    { name: "Ponder", port: config.ponderPort, env: "PONDER_PORT" },
    { name: "API", port: config.apiPort, env: "API_PORT" },
    { name: "web dev server", port: config.webPort, env: "WEB_PORT" },
  ].filter(Boolean);
  await assertPortsFree(ports);
  const t0 = Date.now();

  // Independent services first, in parallel: database, mail catcher, chain.
  const database = config.embeddedDb
    ? startDatabase(supervisor, { dataDir: path.join(DATA_DIR, "postgres"), port: config.dbPort, env })
    : Promise.resolve({ url: env.DATABASE_URL });
  if (!config.embeddedDb) log(`using DATABASE_URL ${redactUrl(env.DATABASE_URL)} (no embedded Postgres)`);
  const mail = startMailDev(supervisor, { smtpPort: config.mailSmtpPort, webPort: config.mailWebPort, env });
  const chain = startHardhatNode(supervisor, { port: config.hardhatPort, env });

  const { url: databaseUrl } = await database;
  env.DATABASE_URL = databaseUrl;
  await supervisor.run("migrate", ...pnpm("--filter", "@loop/api", "--silent", "migrate"), { env });

  await chain.ready();
  await deployLocal(supervisor, { env });

  // The local chain is new on every start: Ponder's schema and its sync cache of chain 31337 go
  // (also when Ponder does not start, so that nothing reads rows of an earlier chain).
  await resetIndexerForChain(databaseUrl, 31337);
  let indexer = null;
  const deployed = chainsWithContracts(config.chainIds, config.env.DEPLOYMENTS_DIR);
  if (deployed.length > 0) {
    say(
      "indexer",
      `rebuilding schema "indexer" for the fresh chain (${deployed.map((d) => `${d.chainId}: ${d.contracts.join(", ")}`).join("; ")})`,
    );
    indexer = startPonder(supervisor, { port: config.ponderPort, env });
  } else {
    say("indexer", color.yellow("indexer: no contracts deployed yet, not started"));
  }

  const api = supervisor.spawn("api", ...pnpm("--filter", "@loop/api", "--silent", env.LOOP_WATCH === "0" ? "dev:once" : "dev"), { env });
  const web = supervisor.spawn("web", ...pnpm("--filter", "@loop/web", "--silent", "dev"), { env });

  await Promise.all([
    mail.ready(),
    indexer?.ready(),
    supervisor.waitFor(api, "GET /api/health answers 200", () => httpOk(`http://127.0.0.1:${config.apiPort}/api/health`), {
      timeoutMs: 120_000,
    }),
    supervisor.waitFor(web, "the web dev server answers", () => httpOk(`http://localhost:${config.webPort}/`), { timeoutMs: 120_000 }),
  ]);

  const row = (label, value) => `${color.bold(label.padEnd(10))} ${value}`;
  console.log(
    box([
      color.bold(`LOOP is running (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)`),
      "",
      row("app", color.cyan(`http://localhost:${config.webPort}`)),
      row("API", `http://localhost:${config.apiPort}/api  (health: /api/health)`),
      row("MailDev", `http://localhost:${config.mailWebPort}  (SMTP 127.0.0.1:${config.mailSmtpPort})`),
      row("chain RPC", `http://127.0.0.1:${config.hardhatPort}  (chain 31337)`),
      row("Ponder", indexer ? `http://localhost:${config.ponderPort}/graphql` : color.yellow("not started: no contracts deployed yet")),
      row("Postgres", redactUrl(databaseUrl)),
      "",
      `Sign in as the demo admin: ${color.bold(config.adminEmail)} via e-mail, link in MailDev.`,
      "Ctrl-C stops everything.",
    ]),
  );
}

run(main);
