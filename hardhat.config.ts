// Hardhat 2 configuration. Loaded as CommonJS through ts-node (the root package.json has no
// "type" field on purpose), with the root tsconfig.json.
//
// Offline compiler: Hardhat normally downloads solc from the internet. We pin the npm `solc`
// package (exact version) and hand its soljson.js to Hardhat instead.
import path from "node:path";
import "@nomicfoundation/hardhat-viem";
import "solidity-coverage";
import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig, HttpNetworkUserConfig } from "hardhat/types";

const SOLC_VERSION = "0.8.28";

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper(args);
  const solcPackage = path.dirname(require.resolve("solc/package.json"));
  const installed: string = require("solc/package.json").version;
  if (installed !== SOLC_VERSION) {
    throw new Error(`hardhat.config.ts: npm solc is ${installed}, expected exactly ${SOLC_VERSION} (pin it in package.json)`);
  }
  // solc.version() is e.g. "0.8.28+commit.7893614a.Emscripten.clang"; Hardhat's long version
  // is the part before the build platform ("0.8.28+commit.7893614a").
  const solc = require("solc") as { version(): string };
  const longVersion = solc.version().replace(/\.Emscripten\.clang$/, "");
  return {
    version: SOLC_VERSION,
    longVersion,
    compilerPath: path.join(solcPackage, "soljson.js"),
    isSolcJs: true,
  };
});

/** Remote chains: a network is defined only when its RPC_URL_<chainId> is set. */
const REMOTE_CHAINS: Record<string, number> = {
  ethereum: 1,
  bsc: 56,
  polygon: 137,
  arbitrum: 42161,
  sepolia: 11155111,
  bscTestnet: 97,
};

function remoteNetworks(): Record<string, HttpNetworkUserConfig> {
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  const networks: Record<string, HttpNetworkUserConfig> = {};
  for (const [name, chainId] of Object.entries(REMOTE_CHAINS)) {
    const url = process.env[`RPC_URL_${chainId}`];
    if (!url) continue;
    networks[name] = { url, chainId, ...(key ? { accounts: [key.startsWith("0x") ? key : `0x${key}`] } : {}) };
  }
  return networks;
}

const localRpc = process.env.RPC_URL_31337 ?? `http://127.0.0.1:${process.env.HARDHAT_PORT ?? "8545"}`;

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // OpenZeppelin 5 uses `mcopy` (Cancun). Ethereum, BSC and their testnets run Cancun or later.
      evmVersion: "cancun",
    },
  },
  paths: {
    root: __dirname,
    sources: "./contracts/src",
    tests: "./contracts/test",
    // solidity-coverage compiles instrumented contracts into the configured artifacts: under
    // coverage they go to folders of their own, so that what the API tests and the dev stack deploy
    // from contracts/artifacts (at the same time, under `pnpm test`) is never the instrumented code.
    cache: process.env.SOLIDITY_COVERAGE === "true" ? "./contracts/.coverage-cache" : "./contracts/cache",
    artifacts: process.env.SOLIDITY_COVERAGE === "true" ? "./contracts/.coverage-artifacts" : "./contracts/artifacts",
  },
  mocha: {
    // The property tests run hundreds of random sequences; the unit tests run instrumented under coverage.
    timeout: 600_000,
  },
  defaultNetwork: "hardhat",
  networks: {
    hardhat: { chainId: 31337 },
    localhost: { url: localRpc, chainId: 31337 },
    ...remoteNetworks(),
  },
};

export default config;
