/**
 * Making an offer from the wallet (docs/product.md#wallet-offers, "escrowed on chain"): the linked wallet on the
 * marketplace's chain, LoopToken.approve(marketplace, amount + fee) only when the allowance is
 * short, LoopMarketplace.openOffer(loopId, format, payee, amount, now + the offer expiry), its receipt (the
 * OfferOpened log names the offer), then GET /api/negotiations?scope=sent until the API has made
 * it a negotiation from the indexed event. The wallet calls go through the wallet stack's controls,
 * which tests replace with fakes.
 */
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import type { Format } from "@loop/rules/fees";
import type { Negotiation, WalletOfferTerms } from "@loop/rules/schemas/negotiations";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { pollUntilRecorded, type RecordPolling } from "@/lib/wallet/poll-until-recorded";
import type { HexAddress, WalletEvent } from "@/lib/wallet/types";
import {
  linkedAccountOn,
  offerContracts,
  offerEscrowWei,
  offerExpiresAt,
  OFFER_FORMAT_NUMBER,
  offerRunner,
  type OfferWallet,
  usdToOfferWei,
  WalletOfferRefusedError,
} from "@/lib/wallet/wallet-offers";
import { PHASE_LABELS, silentSwitchSteps, type TransactionSteps } from "@/lib/wallet/wallet-transaction";

/** The API calls a wallet offer needs. */
export interface WalletOfferApi {
  /**
   * POST /api/negotiations/wallet-terms: the offer checked as an in-app one would be, and its payee (the
   * seller's linked wallet, or LoopVault when they have none: credited in app).
   */
  terms(request: { loopId: string; format: Format; offerAmount: string }): Promise<WalletOfferTerms>;
  /** GET /api/negotiations?scope=sent. */
  sentOffers(): Promise<Negotiation[]>;
}

export type WalletOfferStep = "connecting" | "checking" | "approving" | "offering" | "confirming" | "recording";

/** The phases' labels (its chain is switched silently: "switching" is never shown), and the offer's own. */
export const WALLET_OFFER_STEP_LABELS: Record<WalletOfferStep, string> = {
  ...PHASE_LABELS,
  approving: "Approving LOOP for the escrow…",
  offering: "Escrowing your offer…",
  recording: "Waiting for the offer to be recorded…",
};

/** The offer's steps as the transaction's phases (the chain is switched silently). */
const OFFER_STEPS: TransactionSteps<WalletOfferStep> = silentSwitchSteps("offering");

/** How often the sent offers are read again while the offer is not recorded yet. */
export const OFFER_RECORD_POLL_MS = 1_000;
/** How long the dialog waits for the offer to be recorded. */
export const OFFER_RECORD_TIMEOUT_MS = 60_000;

export interface WalletOfferRequest extends RecordPolling {
  loopId: string;
  format: Format;
  /** USD, "12.50". */
  offerAmount: string;
  /** The viewer's linked wallet. */
  linked: string | null;
  chain: MarketplaceChain;
  onStep: (step: WalletOfferStep) => void;
  /** The platform settings' offer expiry (GET /api/config); 7 days (168 h) by default. */
  offerExpiryHours?: number;
}

export type WalletOfferOutcome =
  | { status: "recorded"; negotiation: Negotiation; offerId: bigint }
  /** On chain, not recorded within the timeout: it shows once the event is processed. */
  | { status: "pending"; offerId: bigint };

export async function runWalletOffer(wallet: OfferWallet, api: WalletOfferApi, request: WalletOfferRequest): Promise<WalletOfferOutcome> {
  const { chain, format, onStep, pollMs = OFFER_RECORD_POLL_MS, timeoutMs = OFFER_RECORD_TIMEOUT_MS } = request;
  const now = request.now ?? Date.now;
  const amount = usdToOfferWei(request.offerAmount);
  if (amount === null || amount <= 0n) throw new WalletOfferRefusedError("Enter a valid offer amount.");

  const run = offerRunner(wallet, OFFER_STEPS, onStep);
  const contracts = offerContracts(chain);
  const account = await linkedAccountOn(run, request.linked, chain.id);

  run.step("checking");
  const payee = (await api.terms({ loopId: request.loopId, format, offerAmount: request.offerAmount })).payee as HexAddress;
  await run.ensureAllowance({
    token: contracts.token,
    owner: account.address,
    spender: chain.marketplace,
    amount: offerEscrowWei(amount, format),
  });

  const args = [
    uuidToBytes32(request.loopId),
    OFFER_FORMAT_NUMBER[format],
    payee,
    amount,
    offerExpiresAt(now(), request.offerExpiryHours),
  ] as const;
  const { receipt } = await run.send(contracts.marketplace, "openOffer", args, "offer", { events: true });
  const offerId = openedOfferId(receipt.events ?? []);
  if (offerId === null) throw new WalletOfferRefusedError("The offer transaction opened no offer on chain.");

  run.step("recording");
  const negotiation = await pollUntilRecorded(
    async () => {
      const sent = await api.sentOffers().catch(() => [] as Negotiation[]);
      return sent.find((item) => item.chainOfferId === offerId.toString());
    },
    { ...request, pollMs, timeoutMs },
  );
  return negotiation ? { status: "recorded", negotiation, offerId } : { status: "pending", offerId };
}

/** The id of the offer an openOffer transaction opened (its OfferOpened event), or null. */
function openedOfferId(events: readonly WalletEvent<"marketplace">[]): bigint | null {
  for (const event of events) if (event.eventName === "OfferOpened") return event.args.offerId;
  return null;
}
