// Runs before every test file (vitest `setupFiles`). Test files share their worker process (the
// app's modules are imported once per worker, see vitest.config.ts), so whatever state a module
// keeps for the whole process starts afresh here for each file, as in a new API process.
import path from "node:path";
import { localAccounts } from "@loop/contracts/local-accounts";
import { getAddress, nonceManager } from "viem";
import { inject } from "vitest";

// The API sends its operator transactions through viem's process-wide nonceManager, which
// remembers the last nonce of each account on each chain id: a file that runs a fresh chain 31337
// of its own (settlement.test.ts) must not inherit the nonces another file used on the shared one.
const localAddresses = new Set([...Object.values(localAccounts.roles).map((role) => role.address), ...localAccounts.funded.addresses]);
for (const address of localAddresses) nonceManager.reset({ address: getAddress(address), chainId: localAccounts.chainId });

// The app's audio threads (src/audio/worker-dev.mjs) load the run's bundle of their entry, as the
// built API does (api-bundle.ts), instead of starting tsx in every thread.
process.env.LOOP_TEST_AUDIO_WORKER = path.join(path.dirname(inject("apiBundle")), "audio-worker.mjs");
