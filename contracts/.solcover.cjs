// solidity-coverage (run by `pnpm --filter @loop/contracts test` through contracts/scripts/test.mjs).
// The malicious test token is not measured; the report goes to contracts/coverage/.
module.exports = {
  skipFiles: ["test/"],
  istanbulFolder: "./contracts/coverage",
  istanbulReporter: ["text", "json-summary", "lcov"],
  configureYulOptimizer: true,
};
