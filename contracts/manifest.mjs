// Reads deployment manifests: <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json, written
// by contracts/scripts/deploy.ts. Used by the API, the indexer (ponder.config.ts) and scripts.
// Types: manifest.d.mts. Node only (reads files).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** contracts/ */
export const CONTRACTS_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (DEPLOYMENTS_DIR is relative to it). */
export const REPO_ROOT = path.dirname(CONTRACTS_DIR);
/** Manifests of real chains, committed: contracts/deployments. */
export const COMMITTED_DEPLOYMENTS_DIR = path.join(CONTRACTS_DIR, "deployments");
/** The contracts a complete deployment has, in deployment order (LoopZap is there when the chain has an exchange). */
export const CONTRACT_NAMES = ["LoopToken", "LoopVault", "LoopMarketplace"];

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Where manifests are read and written: DEPLOYMENTS_DIR (relative to the repository root) or contracts/deployments. */
export function deploymentsDir(env = process.env) {
  return env.DEPLOYMENTS_DIR ? path.resolve(REPO_ROOT, env.DEPLOYMENTS_DIR) : COMMITTED_DEPLOYMENTS_DIR;
}

export function manifestPath(chainId, options = {}) {
  return path.join(options.dir ?? deploymentsDir(options.env), `${chainId}.json`);
}

function fail(file, message) {
  throw new Error(`${file}: ${message}`);
}

/** Checks the shape of a parsed manifest; returns it. */
export function parseManifest(value, file = "manifest") {
  if (value === null || typeof value !== "object") fail(file, "not an object");
  if (!Number.isInteger(value.chainId) || value.chainId <= 0) fail(file, "chainId must be a positive integer");
  if (value.contracts === null || typeof value.contracts !== "object") fail(file, "contracts must be an object");
  for (const [name, entry] of Object.entries(value.contracts)) {
    if (entry === null || typeof entry !== "object") fail(file, `contracts.${name} is not an object`);
    if (!ADDRESS.test(entry.address)) fail(file, `contracts.${name}.address is not an address`);
    if (!Number.isInteger(entry.blockNumber) || entry.blockNumber < 0) fail(file, `contracts.${name}.blockNumber is not a block number`);
    if (entry.transactionHash !== undefined && !HASH.test(entry.transactionHash))
      fail(file, `contracts.${name}.transactionHash is not a hash`);
  }
  if (value.exchange !== undefined) {
    const { exchange } = value;
    if (exchange === null || typeof exchange !== "object") fail(file, "exchange is not an object");
    for (const key of ["router", "factory", "wrappedNative"]) {
      if (!ADDRESS.test(exchange[key])) fail(file, `exchange.${key} is not an address`);
    }
    if (exchange.pair === null || typeof exchange.pair !== "object" || !ADDRESS.test(exchange.pair.address))
      fail(file, "exchange.pair.address is not an address");
    if (!Number.isInteger(exchange.pair.blockNumber) || exchange.pair.blockNumber < 0)
      fail(file, "exchange.pair.blockNumber is not a block number");
  }
  return value;
}

/** The manifest of `chainId`, or undefined when there is none. Throws when it is malformed. */
export function readManifest(chainId, options = {}) {
  const file = manifestPath(chainId, options);
  if (!existsSync(file)) return undefined;
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    fail(file, `not JSON (${error.message})`);
  }
  const manifest = parseManifest(parsed, file);
  if (manifest.chainId !== chainId) fail(file, `chainId ${manifest.chainId} does not match the file name`);
  return manifest;
}

/** A deployed contract of a manifest; throws when the manifest does not list it. */
export function requireContract(manifest, name) {
  const entry = manifest.contracts[name];
  if (!entry) throw new Error(`chain ${manifest.chainId}: ${name} is not deployed (deployment manifest)`);
  return entry;
}

/** The addresses of a complete deployment, or undefined when a contract is missing. */
export function deployedAddresses(manifest) {
  if (!manifest) return undefined;
  const out = {};
  for (const name of CONTRACT_NAMES) {
    const entry = manifest.contracts[name];
    if (!entry) return undefined;
    out[name] = entry.address;
  }
  return out;
}
