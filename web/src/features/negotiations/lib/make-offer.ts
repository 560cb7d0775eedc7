/**
 * Sending an offer (docs/product.md#offers): from the LOOP balance, POST /api/negotiations (the
 * offer plus its fee is held in app); from the wallet, runWalletOffer (approve if needed → openOffer
 * → receipt → recorded from the indexed event). Either way the offers and the balance are fetched
 * again, 'Offer Sent' or 'Offer Failed' is toasted, and a 401 sends the member to log in again.
 */
import type { Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { useWalletFlow } from "@/lib/wallet/use-wallet-flow";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { OFFERS_UNAVAILABLE_TEXT, WalletOfferRefusedError, walletOfferFailureText } from "@/lib/wallet/wallet-offers";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { useCreateNegotiation } from "../api/create-negotiation";
import { walletOfferApi } from "../api/wallet-offer";
import { runWalletOffer, type WalletOfferOutcome, type WalletOfferStep } from "./wallet-offer";

export const OFFER_FAILED_FALLBACK = "Failed to send your offer. Please try again.";

export const OFFER_TOASTS = {
  sent: (amount: string, title: string): ToastInput => ({
    title: "Offer Sent",
    description: `Your offer of $${amount} for ${title} was sent to the creator.`,
    variant: "success",
  }),
  /** A wallet offer escrowed on chain that the API has not recorded yet. */
  onChain: (amount: string, title: string): ToastInput => ({
    title: "Offer Sent",
    description: `Your offer of $${amount} for ${title} is escrowed on chain. It shows in Negotiations once it is processed.`,
    variant: "success",
  }),
  failed: (message: string): ToastInput => ({ title: "Offer Failed", description: message, variant: "destructive" }),
} as const;

/** The text of a failed offer: an API refusal as the server said it, a wallet or chain failure with its precise reason. */
export function offerFailureText(error: unknown): string {
  return errorStatus(error) !== null ? getServerMessage(error, OFFER_FAILED_FALLBACK) : walletOfferFailureText(error);
}

export interface OfferToSend {
  format: Format;
  /** USD, "12.50". */
  offerAmount: string;
  /** In app only (a wallet offer carries none); left out when empty. */
  message: string;
  byWallet: boolean;
}

export interface MakeOfferOptions {
  chain: MarketplaceChain | null;
  /** The viewer's linked wallet. */
  linked: string | null;
  offerExpiryHours: number;
  /** The offer went: the dialog empties and closes. */
  onSent: () => void;
}

/** `send(offer)`, whether one is being sent, and the wallet step under way. */
export function useMakeOffer(loop: PublicLoop, { chain, linked, offerExpiryHours, onSent }: MakeOfferOptions) {
  const create = useCreateNegotiation();
  const walletOffer = useWalletFlow<Pick<OfferToSend, "format" | "offerAmount">, WalletOfferOutcome, WalletOfferStep>({
    run: async ({ format, offerAmount }, onStep) => {
      if (!chain) throw new WalletOfferRefusedError(OFFERS_UNAVAILABLE_TEXT);
      const wallet = await loadWallet();
      return runWalletOffer(wallet, walletOfferApi, { loopId: loop.id, format, offerAmount, linked, chain, onStep, offerExpiryHours });
    },
    refresh: [NEGOTIATIONS_QUERY_KEY, WALLET_LOOP_BALANCE_QUERY_KEY],
  });

  const sent = (toastInput: ToastInput) => {
    toast(toastInput);
    onSent();
  };
  const failed = (error: unknown) => {
    if (errorStatus(error) === 401) redirectToLoginAfterUnauthorized();
    else toast(OFFER_TOASTS.failed(offerFailureText(error)));
  };

  const send = ({ format, offerAmount, message, byWallet }: OfferToSend) => {
    if (byWallet) {
      walletOffer.mutation.mutate(
        { format, offerAmount },
        {
          onSuccess: (outcome) => sent((outcome.status === "recorded" ? OFFER_TOASTS.sent : OFFER_TOASTS.onChain)(offerAmount, loop.title)),
          onError: (error) => {
            if (!isWalletDismissal(error)) failed(error);
          },
        },
      );
      return;
    }
    const trimmed = message.trim();
    create.mutate(
      { loopId: loop.id, format, offerAmount, ...(trimmed ? { message: trimmed } : {}) },
      { onSuccess: () => sent(OFFER_TOASTS.sent(offerAmount, loop.title)), onError: failed },
    );
  };

  return { send, pending: create.isPending || walletOffer.mutation.isPending, step: walletOffer.step };
}
