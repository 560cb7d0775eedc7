import { FORMAT_FEE_BPS, type Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { NEGOTIATION_MESSAGE_MAX, NEGOTIATION_MESSAGES } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HandCoins, Loader2, Wallet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { UsdAmountInput } from "@/components/ui/usd-amount-input";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { offerExpiryText, usePlatformSettings } from "@/lib/platform-settings";
import { useTokenBalance } from "@/lib/get-token-balance";
import { formatLoop8, formatLoopUnits, formatUsdCents } from "@/lib/loop-amounts";
import { offerQuote } from "@/lib/offer-quote";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { toast, type ToastInput } from "@/lib/toast";
import { formatWalletLoop } from "@/lib/wallet/wallet-amounts";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import {
  isWalletOfferDismissal,
  NO_LINKED_WALLET_TEXT,
  OFFERS_UNAVAILABLE_TEXT,
  offerEscrowWei,
  useOfferChain,
  usdToOfferWei,
  WalletOfferRefusedError,
  walletOfferFailureText,
} from "@/lib/wallet/wallet-offers";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useCreateNegotiation } from "../api/create-negotiation";
import { walletOfferApi } from "../api/wallet-offer";
import { artistName } from "../lib/format";
import { notOwnedFormats } from "../lib/owned-formats";
import { feePercent, loopSufficiency } from "../lib/purchase-quote";
import { runWalletOffer, WALLET_OFFER_STEP_LABELS, type WalletOfferStep } from "../lib/wallet-offer";
import { FeeSummary } from "./fee-summary";
import { FormatFieldset } from "./format-fieldset";

import { LinkWalletNotice } from "./link-wallet-notice";

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

/** Where the offer's LOOP comes from: held from the in-app balance, or escrowed on chain from the linked wallet. */
export type OfferFunding = "app" | "wallet";

const FUNDING_OPTIONS: readonly { funding: OfferFunding; label: string }[] = [
  { funding: "app", label: "LOOP balance" },
  { funding: "wallet", label: "Wallet (escrow on chain)" },
];

/** Same shape as the API's check: digits with at most 2 decimals (the server refuses anything else). */
const USD_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

type AmountCheck = { state: "empty" } | { state: "invalid"; message: string } | { state: "valid"; cents: bigint };

/** The offer must be a positive USD amount with at most 2 decimals, below the loop's price. */
function checkAmount(text: string, priceCents: bigint | null): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { state: "empty" };
  const cents = USD_TEXT.test(trimmed) ? parseUsd(trimmed) : null;
  if (cents === null || cents <= 0n) return { state: "invalid", message: NEGOTIATION_MESSAGES.amount };
  if (priceCents !== null && cents >= priceCents) return { state: "invalid", message: NEGOTIATION_MESSAGES.notBelowPrice };
  return { state: "valid", cents };
}

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
  const [step, setStep] = useState<WalletOfferStep | null>(null);
  const queryClient = useQueryClient();
  const { formatFeeBps, offerExpiryHours } = usePlatformSettings();
  const { user } = useUser();
  const { chain, loading: chainLoading } = useOfferChain();
  const linked = user?.walletAddress ?? null;
  const create = useCreateNegotiation();
  const walletOffer = useMutation({
    mutationFn: async (offerAmount: string) => {
      if (!chain) throw new WalletOfferRefusedError(OFFERS_UNAVAILABLE_TEXT);
      const wallet = await loadWallet();
      return runWalletOffer(wallet, walletOfferApi, { loopId: loop.id, format, offerAmount, linked, chain, onStep: setStep, offerExpiryHours });
    },
    onSettled: () => {
      setStep(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: NEGOTIATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
      ]);
    },
  });
  const pending = create.isPending || walletOffer.isPending;
  const byWallet = funding === "wallet";
  // In app: the platform settings' fee. From a wallet: LoopMarketplace.offerFee's fixed rates (the defaults).
  const feeBps = (of: Format) => (byWallet ? FORMAT_FEE_BPS[of] : BigInt(formatFeeBps[of]));
  // The balance is only for reference (the server checks it); fetched while the dialog is open.
  const balance = useTokenBalance({ enabled: open && !byWallet });
  const priceCents = parseUsd(loop.price);
  const check = checkAmount(amount, priceCents);
  const quote = check.state === "valid" ? offerQuote(formatUsd(check.cents), format, feeBps(format)) : null;
  const escrowWei = check.state === "valid" ? offerEscrowWei(usdToOfferWei(formatUsd(check.cents)) ?? 0n, format) : null;
  const sufficiency = quote ? loopSufficiency(quote.heldUnits, balance.data?.available) : null;
  const walletReady = chain !== null && linked !== null;
  const canSend = check.state === "valid" && (byWallet ? walletReady : message.length <= NEGOTIATION_MESSAGE_MAX) && !pending;

  const reset = () => {
    setChosen(null);
    setAmount("");
    setMessage("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || check.state !== "valid") return;
    const offerAmount = formatUsd(check.cents);
    if (byWallet) {
      walletOffer.mutate(offerAmount, {
        onSuccess: (outcome) => {
          toast(outcome.status === "recorded" ? OFFER_TOASTS.sent(offerAmount, loop.title) : OFFER_TOASTS.onChain(offerAmount, loop.title));
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isWalletOfferDismissal(error)) return;
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast(OFFER_TOASTS.failed(errorStatus(error) !== null ? getServerMessage(error, OFFER_FAILED_FALLBACK) : walletOfferFailureText(error)));
        },
      });
      return;
    }
    const trimmed = message.trim();
    create.mutate(
      { loopId: loop.id, format, offerAmount, ...(trimmed ? { message: trimmed } : {}) },
      {
        onSuccess: () => {
          toast(OFFER_TOASTS.sent(offerAmount, loop.title));
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast(OFFER_TOASTS.failed(getServerMessage(error, OFFER_FAILED_FALLBACK)));
        },
      },
    );
  };

  return (
    // While the offer is being sent the dialog stays open, so its answer is shown.
    <Dialog open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <HandCoins className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="truncate">Make an Offer on {loop.title}</span>
          </DialogTitle>
          <DialogDescription>by {artistName(loop.user)}. Offer less than the price; the creator accepts, counters or rejects.</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
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

          <fieldset className="grid gap-2" disabled={pending}>
            <legend className="mb-2 text-sm font-medium">Pay with</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {FUNDING_OPTIONS.map((option) => (
                <label
                  key={option.funding}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    name={`offer-funding-${loop.id}`}
                    value={option.funding}
                    checked={funding === option.funding}
                    onChange={() => setFunding(option.funding)}
                    className="accent-primary"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>

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
            <div className="grid gap-2">
              <Label htmlFor={`offer-message-${loop.id}`}>Message (optional)</Label>
              <Textarea
                id={`offer-message-${loop.id}`}
                value={message}
                maxLength={NEGOTIATION_MESSAGE_MAX}
                rows={3}
                disabled={pending}
                placeholder="Tell the creator about your project"
                onChange={(event) => setMessage(event.target.value)}
              />
              <p className="text-right text-xs text-muted-foreground" aria-live="polite">
                {message.length}/{NEGOTIATION_MESSAGE_MAX}
              </p>
            </div>
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
              {byWallet && escrowWei !== null ? (
                <p className="mt-1 text-xs text-muted-foreground" data-testid="offer-held">
                  Escrowed on chain from your wallet: <span className="font-mono font-semibold text-foreground tabular-nums">{formatWalletLoop(escrowWei)} LOOP</span>
                </p>
              ) : (
                <p className="mt-1 text-xs text-muted-foreground" data-testid="offer-held">
                  Held from your LOOP balance: <span className="font-mono font-semibold text-foreground tabular-nums">{formatLoopUnits(quote.heldUnits)} LOOP</span>
                </p>
              )}
            </FeeSummary>
          ) : null}

          {byWallet ? (
            <>
              {!chain ? (
                <p role="status" className="rounded-lg border border-border px-3 py-2 text-sm text-muted-foreground">
                  {chainLoading ? "Loading the network…" : OFFERS_UNAVAILABLE_TEXT}
                </p>
              ) : linked === null ? (
                <LinkWalletNotice message={NO_LINKED_WALLET_TEXT} />
              ) : null}
              <p className="text-xs text-muted-foreground">
                500 LOOP = 1 USD. Escrowed by the marketplace contract{chain ? ` on ${chain.name}` : ""} from your linked wallet: your wallet asks you to
                approve LOOP if needed, then to confirm the offer. A rejected or withdrawn offer is refunded to your wallet; after {offerExpiryText(offerExpiryHours)} without an answer
                you reclaim it from Negotiations. A wallet offer carries no message.
              </p>
              {step ? (
                <p role="status" className="flex items-center gap-2 rounded-lg border border-primary/40 bg-primary/10 px-3 py-2 text-sm" data-testid="wallet-offer-progress">
                  <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
                  {WALLET_OFFER_STEP_LABELS[step]}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Wallet className="size-3.5" aria-hidden />
                Your LOOP balance: {balance.data ? `${formatLoop8(balance.data.available)} LOOP` : "…"}
                {sufficiency?.state === "short" ? <span className="text-amber-200"> (short by {formatLoopUnits(sufficiency.shortUnits)} LOOP)</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">500 LOOP = 1 USD. The hold is released if the offer is rejected, withdrawn or expires.</p>
            </>
          )}

          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSend}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : <HandCoins aria-hidden />}
              {pending ? "Sending..." : "Send Offer"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
