#!/usr/bin/env node
// `pnpm start`: production mode, after `pnpm build`.
//   db (embedded Postgres unless DATABASE_URL) -> migrate -> mail (MailDev unless SMTP_URL) ->
//   indexer (Ponder, when a configured chain has deployed contracts) -> api (api/dist/main.mjs,
//   serving web/dist at one origin, APP_URL default http://localhost:3000)
// No local chain: chains come from RPC_URL_<chainId> (CHAIN_IDS defaults to the ids that have one).
// LOOP_LOCAL_CHAIN=1 adds the local Hardhat chain with the contracts deployed, as `pnpm dev` runs it
// (chain 31337, fresh on every start): the production build tried locally, and the browser tests.
// Ctrl-C (SIGINT) or SIGTERM stops everything it started.
import { existsSync } from "node:fs";
import path from "node:path";
import { color, box, say } from "./lib/log.mjs";
import { assertPortsFree } from "./lib/ports.mjs";
import { redactUrl, settingsOrExit } from "./lib/config.mjs";
import { createOrchestrator } from "./lib/orchestrator.mjs";
import { pnpm } from "./lib/pnpm.mjs";
import { httpOk } from "./lib/health.mjs";
import { chainsWithContracts, resetIndexerForChain } from "./lib/indexer.mjs";
import { DATA_DIR, ROOT } from "./lib/paths.mjs";
import { deployLocal, startDatabase, startHardhatNode, startMailDev, startPonder } from "./lib/services.mjs";

const NAME = "start";
const log = (text) => say(NAME, text);
const API_ENTRY = path.join(ROOT, "api", "dist", "main.mjs");
const WEB_INDEX = path.join(ROOT, "web", "dist", "index.html");

const config = settingsOrExit("start", (text) => log(color.red(text)));
const { env } = config;

const missing = [API_ENTRY, WEB_INDEX].filter((file) => !existsSync(file));
if (missing.length) {
  log(color.red(`not built yet (${missing.map((file) => path.relative(ROOT, file)).join(", ")} missing): run \`pnpm build\` first`));
  process.exit(1);
}

const { supervisor, run } = await createOrchestrator({ name: NAME, command: "start" });

async function main() {
  // The local chain's contracts are deployed below: Ponder will have something to index.
  let deployed = config.localChain ? [{ chainId: 31337, contracts: [] }] : chainsWithContracts(config.chainIds, config.env.DEPLOYMENTS_DIR);
  const ports = [
    config.embeddedDb && { name: "embedded Postgres", port: config.dbPort },
    config.embeddedMail && { name: "MailDev SMTP", port: config.mailSmtpPort, env: "MAILDEV_SMTP_PORT" },
    config.embeddedMail && { name: "MailDev web", port: config.mailWebPort, env: "MAILDEV_WEB_PORT" },
    config.localChain && { name: "Hardhat node", port: config.hardhatPort, env: "HARDHAT_PORT" },
    deployed.length > 0 && { name: "Ponder", port: config.ponderPort, env: "PONDER_PORT" },
    { name: "API", port: config.apiPort, env: "API_PORT" },
  ].filter(Boolean);
  await assertPortsFree(ports);
  const t0 = Date.now();

  if (config.chainIds.length === 0) {
    log(
      color.yellow(
        "no chain configured: set RPC_URL_<chainId> (and CHAIN_IDS) for on-chain payments and the indexer " +
          `(until then the API assumes the local chain 31337 at http://127.0.0.1:${config.hardhatPort}, which pnpm start does not run)`,
      ),
    );
  } else {
    log(`chains: ${config.chainIds.map((id) => `${id} (${env[`RPC_URL_${id}`] ? "RPC_URL_" + id : "no RPC URL"})`).join(", ")}`);
  }

  const database = config.embeddedDb
    ? startDatabase(supervisor, { dataDir: path.join(DATA_DIR, "postgres"), port: config.dbPort, env })
    : Promise.resolve({ url: env.DATABASE_URL });
  if (!config.embeddedDb) log(`using DATABASE_URL ${redactUrl(env.DATABASE_URL)}`);
  const mail = config.embeddedMail ? startMailDev(supervisor, { smtpPort: config.mailSmtpPort, webPort: config.mailWebPort, env }) : null;
  if (!config.embeddedMail) log(`mail goes out through SMTP_URL`);
  const chain = config.localChain ? startHardhatNode(supervisor, { port: config.hardhatPort, env }) : null;

  const { url: databaseUrl } = await database;
  env.DATABASE_URL = databaseUrl;
  await supervisor.run("migrate", ...pnpm("--filter", "@loop/api", "--silent", "migrate"), { env });

  if (chain) {
    await chain.ready();
    await deployLocal(supervisor, { env });
    // A fresh chain: no indexed rows of an earlier one may survive (as in `pnpm dev`).
    await resetIndexerForChain(databaseUrl, 31337);
    deployed = chainsWithContracts(config.chainIds, config.env.DEPLOYMENTS_DIR);
  }

  let indexer = null;
  if (deployed.length > 0) {
    say("indexer", `indexing ${deployed.map((d) => `chain ${d.chainId}: ${d.contracts.join(", ")}`).join("; ")}`);
    indexer = startPonder(supervisor, { port: config.ponderPort, env });
  } else {
    say(
      "indexer",
      color.yellow("indexer: no contracts deployed on a configured chain (contracts/deployments/<chainId>.json), not started"),
    );
  }

  const api = supervisor.spawn("api", process.execPath, [API_ENTRY], { cwd: path.join(ROOT, "api"), env });
  await Promise.all([
    mail?.ready(),
    indexer?.ready(),
    supervisor.waitFor(api, "GET /api/health answers 200", () => httpOk(`http://127.0.0.1:${config.apiPort}/api/health`), {
      timeoutMs: 60_000,
    }),
  ]);

  const row = (label, value) => `${color.bold(label.padEnd(10))} ${value}`;
  console.log(
    box([
      color.bold(`LOOP is running in production mode (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)`),
      "",
      row("app", color.cyan(config.appUrl)),
      row("API", `http://localhost:${config.apiPort}/api  (health: /api/health)`),
      row("mail", config.embeddedMail ? `MailDev http://localhost:${config.mailWebPort}` : "SMTP_URL"),
      row("chains", config.chainIds.length ? config.chainIds.join(", ") : color.yellow("none configured (set RPC_URL_<chainId>)")),
      ...(chain ? [row("chain RPC", `${chain.rpc}  (local chain 31337)`)] : []),
      row("Ponder", indexer ? `http://localhost:${config.ponderPort}/graphql` : color.yellow("not started: no deployed contracts")),
      row("Postgres", redactUrl(databaseUrl)),
      "",
      "Ctrl-C stops everything.",
    ]),
  );
}

run(main);
