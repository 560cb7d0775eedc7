import { FORMAT_FEE_BPS, type Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { NEGOTIATION_MESSAGE_MAX } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { HandCoins } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { LoopAmount } from "@/components/ui/loop-amount";
import { MessageField } from "@/components/ui/message-field";
import { UsdAmountInput } from "@/components/ui/usd-amount-input";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { formatWalletLoop } from "@/lib/format";
import { useTokenBalance } from "@/lib/get-token-balance";
import { formatUsdCents } from "@/lib/loop-amounts";
import { offerQuote } from "@/lib/offer-quote";
import { usePlatformSettings } from "@/lib/platform-settings";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { useWalletFlow } from "@/lib/wallet/use-wallet-flow";
import { useMarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import {
  OFFERS_UNAVAILABLE_TEXT,
  offerEscrowWei,
  usdToOfferWei,
  WalletOfferRefusedError,
  walletOfferFailureText,
} from "@/lib/wallet/wallet-offers";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useCreateNegotiation } from "../api/create-negotiation";
import { walletOfferApi } from "../api/wallet-offer";
import { artistName } from "../lib/format";
import { checkOfferAmount } from "../lib/offer-amount";
import { notOwnedFormats } from "../lib/owned-formats";
import { feePercent, loopSufficiency } from "../lib/purchase-quote";
import { runWalletOffer, type WalletOfferOutcome, type WalletOfferStep } from "../lib/wallet-offer";
import { FeeSummary } from "./fee-summary";
import { FormatFieldset } from "./format-fieldset";
import { BalanceOfferNotes, FundingFieldset, type OfferFunding, WalletOfferNotes } from "./offer-funding";

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

export interface MakeOfferDialogProps {
  loop: PublicLoop;
  /** The formats the viewer owns already (default: the loop's `purchasedFormats`): the server refuses offers on them. */
  ownedFormats?: readonly Format[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Make Offer (docs/product.md#offers): a format, an amount below the price, how it is paid and an optional
 * message. Paid from the LOOP balance, the offer plus its format fee is held from the buyer's in-app
 * LOOP while the offer is open; paid from the wallet, it is escrowed on chain by LoopMarketplace
 * (approve if needed → openOffer → receipt → recorded from the indexed event, see runWalletOffer). The
 * amounts here are the page's own computation with the shared rules, the server computes them again.
 * A format the viewer owns is marked "Owned" and cannot be chosen; the dialog opens on the first other.
 */
export function MakeOfferDialog({ loop, ownedFormats = loop.purchasedFormats, open, onOpenChange }: MakeOfferDialogProps) {
  const [chosen, setChosen] = useState<Format | null>(null);
  const notOwned = notOwnedFormats(ownedFormats);
  // Derived, not stored: a format bought meanwhile (e.g. in the Purchase dialog) is never the one chosen.
  const format: Format = chosen !== null && notOwned.includes(chosen) ? chosen : (notOwned[0] ?? "mp3");
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState("");
  const [funding, setFunding] = useState<OfferFunding>("app");
  const { formatFeeBps, offerExpiryHours, minOfferCents } = usePlatformSettings();
  const { user } = useUser();
  const { chain, loading: chainLoading } = useMarketplaceChain();
  const linked = user?.walletAddress ?? null;
  const create = useCreateNegotiation();
  const walletOffer = useWalletFlow<string, WalletOfferOutcome, WalletOfferStep>({
    run: async (offerAmount, onStep) => {
      if (!chain) throw new WalletOfferRefusedError(OFFERS_UNAVAILABLE_TEXT);
      const wallet = await loadWallet();
      return runWalletOffer(wallet, walletOfferApi, { loopId: loop.id, format, offerAmount, linked, chain, onStep, offerExpiryHours });
    },
    refresh: [NEGOTIATIONS_QUERY_KEY, WALLET_LOOP_BALANCE_QUERY_KEY],
  });
  const pending = create.isPending || walletOffer.mutation.isPending;
  const byWallet = funding === "wallet";
  // In app: the platform settings' fee. From a wallet: LoopMarketplace.offerFee's fixed rates (the defaults).
  const feeBps = (of: Format) => (byWallet ? FORMAT_FEE_BPS[of] : BigInt(formatFeeBps[of]));
  // The balance is only for reference (the server checks it); fetched while the dialog is open.
  const balance = useTokenBalance({ enabled: open && !byWallet });
  const priceCents = parseUsd(loop.price);
  const check = checkOfferAmount(amount, priceCents, minOfferCents);
  const quote = check.state === "valid" ? offerQuote(formatUsd(check.cents), format, feeBps(format)) : null;
  const escrowWei = check.state === "valid" ? offerEscrowWei(usdToOfferWei(formatUsd(check.cents)) ?? 0n, format) : null;
  const walletReady = chain !== null && linked !== null;
  const canSend = check.state === "valid" && (byWallet ? walletReady : message.length <= NEGOTIATION_MESSAGE_MAX) && !pending;

  const sent = (toastInput: ToastInput) => {
    toast(toastInput);
    setChosen(null);
    setAmount("");
    setMessage("");
    onOpenChange(false);
  };
  const failed = (error: unknown, text: string) => {
    if (errorStatus(error) === 401) redirectToLoginAfterUnauthorized();
    else toast(OFFER_TOASTS.failed(text));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || check.state !== "valid") return;
    const offerAmount = formatUsd(check.cents);
    if (byWallet) {
      walletOffer.mutation.mutate(offerAmount, {
        onSuccess: (outcome) =>
          sent(outcome.status === "recorded" ? OFFER_TOASTS.sent(offerAmount, loop.title) : OFFER_TOASTS.onChain(offerAmount, loop.title)),
        onError: (error) => {
          if (isWalletDismissal(error)) return;
          failed(error, errorStatus(error) !== null ? getServerMessage(error, OFFER_FAILED_FALLBACK) : walletOfferFailureText(error));
        },
      });
      return;
    }
    const trimmed = message.trim();
    create.mutate(
      { loopId: loop.id, format, offerAmount, ...(trimmed ? { message: trimmed } : {}) },
      {
        onSuccess: () => sent(OFFER_TOASTS.sent(offerAmount, loop.title)),
        onError: (error) => failed(error, getServerMessage(error, OFFER_FAILED_FALLBACK)),
      },
    );
  };

  return (
    // While the offer is being sent the dialog stays open, so its answer is shown.
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenWhilePending
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
      title={`Make an Offer on ${loop.title}`}
      icon={HandCoins}
      description={`by ${artistName(loop.user)}. Offer less than the price; the creator accepts, counters or rejects.`}
      onSubmit={submit}
      pending={pending}
      submitDisabled={!canSend}
      submitLabel="Send Offer"
      pendingLabel="Sending..."
      submitIcon={HandCoins}
      cancelDisabled={pending}
    >
      <FormatFieldset
        name={`offer-format-${loop.id}`}
        value={format}
        ownedFormats={ownedFormats}
        mp3Kbps={loop.mp3Kbps}
        disabled={pending}
        onChange={setChosen}
        trailing={(option, owned) =>
          owned ? (
            <span className="ml-auto text-xs font-semibold text-emerald-300">Owned</span>
          ) : (
            <span className="text-xs text-muted-foreground">+{feePercent(option.format, feeBps(option.format))} fee</span>
          )
        }
      />

      <FundingFieldset name={`offer-funding-${loop.id}`} value={funding} disabled={pending} onChange={setFunding} />

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={`offer-amount-${loop.id}`}>Your offer (USD)</Label>
          <span className="text-xs text-muted-foreground" data-testid="offer-price">
            Price: {priceCents === null ? loop.price : formatUsdCents(priceCents)}
          </span>
        </div>
        <UsdAmountInput
          id={`offer-amount-${loop.id}`}
          value={amount}
          disabled={pending}
          error={check.state === "invalid" ? check.message : null}
          errorId={`offer-amount-error-${loop.id}`}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>

      {byWallet ? null : (
        <MessageField
          id={`offer-message-${loop.id}`}
          value={message}
          maxLength={NEGOTIATION_MESSAGE_MAX}
          disabled={pending}
          placeholder="Tell the creator about your project"
          onChange={(event) => setMessage(event.target.value)}
        />
      )}

      {quote ? (
        <FeeSummary
          testId="offer-summary"
          amountLabel="Offer"
          amountCents={quote.amountCents}
          format={format}
          feeBps={feeBps(format)}
          feeCents={quote.feeCents}
          totalLabel="Total if accepted"
          totalCents={quote.totalCents}
        >
          <p className="mt-1 text-xs text-muted-foreground" data-testid="offer-held">
            {byWallet && escrowWei !== null ? "Escrowed on chain from your wallet: " : "Held from your LOOP balance: "}
            <span className="font-mono font-semibold text-foreground tabular-nums">
              {byWallet && escrowWei !== null ? `${formatWalletLoop(escrowWei)} LOOP` : <LoopAmount value={quote.heldUnits} />}
            </span>
          </p>
        </FeeSummary>
      ) : null}

      {byWallet ? (
        <WalletOfferNotes
          chain={chain}
          chainLoading={chainLoading}
          linked={linked}
          offerExpiryHours={offerExpiryHours}
          step={walletOffer.step}
        />
      ) : (
        <BalanceOfferNotes
          available={balance.data?.available}
          sufficiency={quote ? loopSufficiency(quote.heldUnits, balance.data?.available) : null}
        />
      )}
    </FormDialog>
  );
}
