// The development faucet (spec: 'Get Test LOOP Tokens'): mints 1,000,000 test LOOP to a wallet with
// the operator key (the faucet's MINTER_ROLE on the local deployment). Refused on every chain but
// the local one, whatever the configuration says, so it can never mint real LOOP.
import { loopTokenAbi } from "@loop/contracts/abis";
import { FAUCET_LOOP, FAUCET_MESSAGES, type FaucetResponse, type FaucetRequest } from "@loop/rules/schemas/faucet";
import { BaseError, createWalletClient, getAddress, http, nonceManager, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppDeps } from "../../deps";
import { Forbidden, ServiceUnavailable } from "../../http/errors";

const LOCAL_CHAIN_ID = 31337;

export async function mintTestLoop(deps: Pick<AppDeps, "chains" | "config">, input: FaucetRequest): Promise<FaucetResponse> {
  const { config } = deps;
  const chain = config.chains.find((candidate) => candidate.id === config.defaultChainId);
  if (config.defaultChainId !== LOCAL_CHAIN_ID || !chain?.contracts || !config.operatorPrivateKey)
    throw new Forbidden(FAUCET_MESSAGES.unavailable);
  const client = deps.chains.get(LOCAL_CHAIN_ID)!;
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
    throw new ServiceUnavailable(`Faucet Failed: ${error instanceof BaseError ? error.shortMessage : String(error)}`, { cause: error });
  }
}
