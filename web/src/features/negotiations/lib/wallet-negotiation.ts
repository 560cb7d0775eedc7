/**
 * The buyer's wallet calls on a wallet-funded offer (docs/product.md#wallet-offers, "escrowed on chain"): accepting a
 * counter raises (or lowers) the escrowed offer to it with LoopMarketplace.changeOffer, which the API
 * reads from the indexed OfferChanged event as the accept; an expired offer's escrow is taken back
 * with reclaimOffer. Other answers (reject, withdraw, the seller's) stay API calls: the operator
 * carries them out on chain.
 */
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import type { TransactionHash } from "@/lib/wallet/types";
import {
  linkedAccountOn,
  offerContracts,
  offerEscrowWei,
  offerExpiresAt,
  offerRunner,
  type OfferWallet,
  usdToOfferWei,
  WalletOfferRefusedError,
} from "@/lib/wallet/wallet-offers";
import { PHASE_LABELS, silentSwitchSteps, type TransactionSteps } from "@/lib/wallet/wallet-transaction";

export type WalletAnswerStep = "connecting" | "checking" | "approving" | "sending" | "confirming";

/** The phases' labels (its chain is switched silently: "switching" is never shown), and the answer's own. */
export const WALLET_ANSWER_STEP_LABELS: Record<WalletAnswerStep, string> = {
  ...PHASE_LABELS,
  approving: "Approving LOOP for the escrow…",
  sending: "Confirm in your wallet…",
};

/** The answer's steps as the transaction's phases (the chain is switched silently). */
const ANSWER_STEPS: TransactionSteps<WalletAnswerStep> = silentSwitchSteps("sending");

export interface WalletAnswerRequest {
  negotiation: Negotiation;
  /** The viewer's linked wallet. */
  linked: string | null;
  chain: MarketplaceChain;
  onStep?: (step: WalletAnswerStep) => void;
  now?: () => number;
  /** The platform settings' offer expiry (GET /api/config); 7 days (168 h) by default. */
  offerExpiryHours?: number;
}

/**
 * A wallet offer whose escrow its buyer may reclaim: expired (or open past its expiry, before the
 * expiry job ran), not being settled. The API does not say whether the escrow was already
 * reclaimed; reclaimOffer is simulated first, so a second try is refused before the wallet prompts.
 */
export function isExpiredWalletOffer(negotiation: Negotiation, now: number = Date.now()): boolean {
  if (negotiation.funding !== "wallet" || negotiation.chainOfferId === null || negotiation.settling !== null) return false;
  if (negotiation.status === "expired") return true;
  return (negotiation.status === "pending" || negotiation.status === "counter") && Date.parse(negotiation.expiresAt) <= now;
}

function chainOfferId(negotiation: Negotiation): bigint {
  if (!negotiation.chainOfferId || !/^\d+$/.test(negotiation.chainOfferId))
    throw new WalletOfferRefusedError("This offer has no escrow on chain.");
  return BigInt(negotiation.chainOfferId);
}

/**
 * The buyer accepts the seller's counter: changeOffer(offerId, counter in wei, now + the offer expiry) from the
 * linked wallet, after approving the difference to the escrow if the allowance is short. Resolves
 * once the transaction is confirmed; the API then settles the sale.
 */
export async function acceptCounterFromWallet(wallet: OfferWallet, request: WalletAnswerRequest): Promise<TransactionHash> {
  const { negotiation, chain } = request;
  const now = request.now ?? Date.now;
  const offerId = chainOfferId(negotiation);
  const counter = negotiation.counterOffer ? usdToOfferWei(negotiation.counterOffer) : null;
  const offered = usdToOfferWei(negotiation.offerAmount);
  if (negotiation.status !== "counter" || counter === null || counter <= 0n || offered === null)
    throw new WalletOfferRefusedError("This offer has no counter to accept.");

  const run = offerRunner(wallet, ANSWER_STEPS, request.onStep);
  const contracts = offerContracts(chain);
  const account = await linkedAccountOn(run, request.linked, chain.id);
  const more = offerEscrowWei(counter, negotiation.format) - offerEscrowWei(offered, negotiation.format);
  if (more > 0n) await run.ensureAllowance({ token: contracts.token, owner: account.address, spender: chain.marketplace, amount: more });
  const args = [offerId, counter, offerExpiresAt(now(), request.offerExpiryHours)] as const;
  return (await run.send(contracts.marketplace, "changeOffer", args, "counter accept")).hash;
}

/** The buyer takes back an expired offer's escrow: reclaimOffer(offerId) from the linked wallet, confirmed. */
export async function reclaimFromWallet(wallet: OfferWallet, request: WalletAnswerRequest): Promise<TransactionHash> {
  const { negotiation, chain } = request;
  const offerId = chainOfferId(negotiation);
  const run = offerRunner(wallet, ANSWER_STEPS, request.onStep);
  await linkedAccountOn(run, request.linked, chain.id);
  return (await run.send(offerContracts(chain).marketplace, "reclaimOffer", [offerId], "reclaim")).hash;
}
