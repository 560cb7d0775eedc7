// Type-level checks of the package's exports as consumers use them (run by `tsc`, never executed).
import type { Abi, TypedDataDomain } from "viem";
import { hashTypedData } from "viem";
import { abis, loopMarketplaceAbi } from "./generated/abis.mjs";
import type { DeploymentManifest } from "./manifest.mjs";
import { readManifest } from "./manifest.mjs";
import { quoteDomain, quoteTypes, type Quote } from "./quote.mjs";
import { localAccounts } from "./local-accounts.mjs";

export const everyAbi: Abi[] = [abis.LoopToken, abis.LoopVault, loopMarketplaceAbi];
export const manifest: DeploymentManifest | undefined = readManifest(31337);
const domain: TypedDataDomain = quoteDomain(31337, localAccounts.roles.deployer.address);
export function digest(quote: Quote) {
  return hashTypedData({ domain, types: quoteTypes, primaryType: "Quote", message: quote });
}
