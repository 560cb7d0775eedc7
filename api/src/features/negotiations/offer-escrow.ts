// Wallet-funded offers sit in LoopMarketplace's escrow; the operator key (OPERATOR_PRIVATE_KEY, role
// OPERATOR_ROLE) carries out the answers with settleOffer(offerId, accepted, expectedAmount), sent
// as every operator transaction is (chain/operator-transactions.ts: stored before it is broadcast,
// with a nonce from the one nonce authority). The result is applied when the indexed OfferSettled
// event is settled, never from this call's answer.
import { loopMarketplaceAbi } from "@loop/contracts/abis";
import { getAddress, type Hex } from "viem";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import {
  OperatorCallRefused,
  OperatorChainUnavailable,
  sendStoredOperatorTransaction,
  type StoredOperatorTransaction,
  storeOperatorTransaction,
} from "../../chain/operator-transactions";
import { DomainError } from "../../domain-error";

function settlementError(chainId: number, error: unknown): Error {
  if (error instanceof OperatorCallRefused) return new DomainError("SETTLEMENT_REFUSED", { reason: error.reason }, { cause: error });
  if (error instanceof OperatorChainUnavailable)
    return new DomainError("SETTLEMENT_CHAIN_UNAVAILABLE", { chainId, detail: error.message }, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Waits for a stored settleOffer: its hash once mined, 409 when it reverted, 503 while the chain has
 * not decided it (it stays stored and is sent again), null when it was dropped (send a new one).
 */
export async function awaitOfferSettlement(
  deps: Pick<AppDeps, "chains" | "config" | "prisma">,
  stored: StoredOperatorTransaction,
): Promise<Hex | null> {
  let fate;
  try {
    fate = await sendStoredOperatorTransaction(deps, stored);
  } catch (error) {
    throw settlementError(stored.chainId, error);
  }
  if (fate === "reverted") throw new DomainError("SETTLEMENT_REVERTED", { txHash: stored.txHash });
  return fate === "success" ? stored.txHash : null;
}

/**
 * Stores and sends settleOffer, then waits for its receipt: its hash; a refusal or revert is 409 with
 * the contract's reason, a chain that does not answer 503. `inTx` runs in the transaction that stores
 * it (to record its hash with what asked for it).
 */
export async function settleOfferOnChain(
  deps: Pick<AppDeps, "chains" | "config" | "prisma">,
  chainId: number,
  offerId: bigint,
  accepted: boolean,
  amountWei: bigint,
  inTx?: (tx: Tx, txHash: Hex) => Promise<void>,
): Promise<Hex> {
  const chain = deps.config.chains.find((candidate) => candidate.id === chainId);
  if (!deps.config.operatorPrivateKey || !chain?.contracts || !deps.chains.get(chainId)) throw new DomainError("WALLET_OFFERS_UNAVAILABLE");
  let stored;
  try {
    stored = await storeOperatorTransaction(
      deps,
      {
        chainId,
        purpose: "offer_settlement",
        address: getAddress(chain.contracts.marketplace),
        abi: loopMarketplaceAbi,
        functionName: "settleOffer",
        args: [offerId, accepted, amountWei],
      },
      inTx,
    );
  } catch (error) {
    throw settlementError(chainId, error);
  }
  const hash = await awaitOfferSettlement(deps, stored);
  if (!hash) throw new DomainError("SETTLEMENT_DROPPED", { txHash: stored.txHash, chainId });
  return hash;
}
