// The development faucet (spec: 'Get Test LOOP Tokens'): mints 1,000,000 test LOOP to a wallet with
// the operator key (the faucet's MINTER_ROLE on the local deployment). Refused on every chain but
// the local one, whatever the configuration says, so it can never mint real LOOP.
import { loopTokenAbi } from "@loop/contracts/abis";
import { defaultChainOf, DEV_CHAIN_ID } from "@loop/rules/chains";
import { FAUCET_LOOP, type FaucetResponse, type FaucetRequest } from "@loop/rules/schemas/faucet";
import { BaseError, createWalletClient, getAddress, http, nonceManager, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppDeps } from "../../deps";
import { DomainError } from "../../domain-error";

export async function mintTestLoop(deps: Pick<AppDeps, "chains" | "config">, input: FaucetRequest): Promise<FaucetResponse> {
  const { config } = deps;
  const chain = defaultChainOf(config);
  if (chain?.id !== DEV_CHAIN_ID || !chain.contracts || !config.operatorPrivateKey) throw new DomainError("FAUCET_UNAVAILABLE");
  const client = deps.chains.get(DEV_CHAIN_ID)!;
  const account = privateKeyToAccount(config.operatorPrivateKey, { nonceManager });
  const to = getAddress(input.address);
  try {
    const { request } = await client.simulateContract({
      address: getAddress(chain.contracts.token),
      abi: loopTokenAbi,
      functionName: "mint",
      args: [to, parseEther(FAUCET_LOOP)],
      account,
    });
    const wallet = createWalletClient({ account, chain: client.chain, transport: http(chain.rpcUrl, { timeout: 20_000 }) });
    const hash = await wallet.writeContract(request);
    await client.waitForTransactionReceipt({ hash, timeout: 30_000, pollingInterval: 100 });
    return { address: to, amount: FAUCET_LOOP, transactionHash: hash.toLowerCase() };
  } catch (error) {
    throw new DomainError("FAUCET_FAILED", { reason: error instanceof BaseError ? error.shortMessage : String(error) }, { cause: error });
  }
}
