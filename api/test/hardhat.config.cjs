// Hardhat network for the API tests only: an in-memory chain 31337 with the default funded
// accounts. Independent of the workspace's hardhat.config.ts (no compile, no plugins to load).
module.exports = { networks: { hardhat: { chainId: 31337 } } };
