// Wallet-funded offers sit in LoopMarketplace's escrow; the operator key (OPERATOR_PRIVATE_KEY, role
// OPERATOR_ROLE) carries out the answers with settleOffer(offerId, accepted, expectedAmount). The
// result is applied when the indexed OfferSettled event is settled, never from this call's answer.
import { loopMarketplaceAbi } from "@loop/contracts/abis";
import { BaseError, ContractFunctionRevertedError, createWalletClient, getAddress, http, nonceManager, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppDeps } from "../../deps";
import { Conflict, ServiceUnavailable } from "../../http/errors";

function revertName(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const found = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  return found instanceof ContractFunctionRevertedError ? (found.data?.errorName ?? found.reason ?? "reverted") : null;
}

/** Sends settleOffer and waits for its receipt; a revert is 409 with the contract's reason, no chain 503. */
export async function settleOfferOnChain(
  deps: AppDeps,
  chainId: number,
  offerId: bigint,
  accepted: boolean,
  amountWei: bigint,
): Promise<Hex> {
  const key = deps.config.operatorPrivateKey;
  const chain = deps.config.chains.find((candidate) => candidate.id === chainId);
  const client = deps.chains.get(chainId);
  if (!key || !chain?.contracts || !client)
    throw new ServiceUnavailable("Wallet Offers Unavailable: LoopMarketplace or the operator key is not configured on this network");
  const account = privateKeyToAccount(key, { nonceManager });
  const marketplace = getAddress(chain.contracts.marketplace);
  try {
    const { request } = await client.simulateContract({
      address: marketplace,
      abi: loopMarketplaceAbi,
      functionName: "settleOffer",
      args: [offerId, accepted, amountWei],
      account,
    });
    const wallet = createWalletClient({ account, chain: client.chain, transport: http(chain.rpcUrl, { timeout: 20_000, retryCount: 1 }) });
    const hash = await wallet.writeContract(request);
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== "success") throw new Conflict(`Settlement Failed: settleOffer reverted (transaction ${hash})`);
    return hash;
  } catch (error) {
    if (error instanceof Conflict) throw error;
    const reason = revertName(error);
    if (reason) throw new Conflict(`Settlement Failed: LoopMarketplace refused to settle the offer (${reason})`, { cause: error });
    throw new ServiceUnavailable(
      `Settlement Failed: chain ${chainId} did not answer (${error instanceof BaseError ? error.shortMessage : String(error)})`,
      { cause: error },
    );
  }
}
