// Runs before every test file (vitest `setupFiles`). Test files share their worker process (the
// app's modules are imported once per worker, see vitest.config.ts), so whatever state a module
// keeps for the whole process starts afresh here for each file, as in a new API process.
import { localAccounts } from "@loop/contracts/local-accounts";
import { getAddress, nonceManager } from "viem";

// The API sends its operator transactions through viem's process-wide nonceManager, which
// remembers the last nonce of each account on each chain id: a file that runs a fresh chain 31337
// of its own (settlement.test.ts) must not inherit the nonces another file used on the shared one.
const localAddresses = new Set([...Object.values(localAccounts.roles).map((role) => role.address), ...localAccounts.funded.addresses]);
for (const address of localAddresses) nonceManager.reset({ address: getAddress(address), chainId: localAccounts.chainId });
