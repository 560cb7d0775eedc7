// The local chain's role accounts (Hardhat's well-known test accounts): local-accounts.json.
// Types: local-accounts.d.mts.
import { readFileSync } from "node:fs";

export const localAccounts = JSON.parse(readFileSync(new URL("./local-accounts.json", import.meta.url), "utf8"));
