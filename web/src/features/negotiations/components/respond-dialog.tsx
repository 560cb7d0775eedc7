import { type Negotiation, type NegotiationAction, NEGOTIATION_MESSAGE_MAX, NEGOTIATION_MESSAGES } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftRight, CheckCircle2, Loader2, MessageSquareReply, Undo2, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { UsdAmountInput } from "@/components/ui/usd-amount-input";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { formatLoopUnits, formatUsdCents } from "@/lib/loop-amounts";
import { usePlatformSettings } from "@/lib/platform-settings";
import { negotiationQuote } from "@/lib/offer-quote";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { toast, type ToastInput } from "@/lib/toast";
import { formatWalletLoop } from "@/lib/wallet/wallet-amounts";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { isWalletOfferDismissal, loadOfferChain, offerEscrowWei, usdToOfferWei, walletOfferFailureText } from "@/lib/wallet/wallet-offers";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useRespondNegotiation } from "../api/respond-negotiation";
import { acceptCounterFromWallet, WALLET_ANSWER_STEP_LABELS, type WalletAnswerStep } from "../lib/wallet-negotiation";

/** docs/product.md#offer-errors. */
export const RESPONSE_FAILED_TEXT = "Failed to send response. Please try again.";

export const RESPONSE_TOASTS = {
  sent: { title: "Response Sent", description: "Your response has been sent successfully.", variant: "success" },
  /** The buyer raised a wallet offer to the counter on chain: the sale completes once it is settled. */
  walletAccepted: {
    title: "Counter Accepted",
    description: "Your escrowed offer now matches the counter. The sale completes once it is settled on chain.",
    variant: "success",
  },
  failed: (description = RESPONSE_FAILED_TEXT): ToastInput => ({ title: "Response Failed", description, variant: "destructive" }),
} as const satisfies Record<string, ToastInput | ((description?: string) => ToastInput)>;

/** What is being answered: the offer as listed (its `version` goes back with the answer) and the chosen action. */
export interface ResponseTarget {
  negotiation: Negotiation;
  action: NegotiationAction;
}

export interface RespondDialogProps {
  /** null: closed. */
  target: ResponseTarget | null;
  /** The viewer's linked wallet: a wallet offer's counter is accepted from it. */
  linkedWallet?: string | null;
  onClose: () => void;
}

/** The buyer accepting the counter on a wallet-funded offer: done from the wallet (changeOffer), not by the API. */
const isWalletCounterAccept = ({ negotiation, action }: ResponseTarget) =>
  negotiation.funding === "wallet" && negotiation.status === "counter" && action === "accept";

/**
 * The answer to an offer (spec "Negotiations", docs/product.md#offers), with the action preset by the button that
 * opened it: the seller accepts, counters (a new amount) or rejects a pending offer; the buyer
 * accepts or rejects a counter, or withdraws a pending offer. The form is mounted per opening, so
 * it starts empty every time (and after a success).
 */
export function RespondDialog({ target, linkedWallet = null, onClose }: RespondDialogProps) {
  const respond = useRespondNegotiation();
  const walletAccept = useWalletCounterAccept(linkedWallet);
  const pending = respond.isPending || walletAccept.mutation.isPending;
  return (
    // While the answer is on its way the dialog stays open, so its outcome is shown.
    <Dialog open={target !== null} onOpenChange={(next) => (!next && !pending ? onClose() : undefined)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        {target ? (
          <RespondForm key={`${target.negotiation.id}-${target.action}`} target={target} respond={respond} walletAccept={walletAccept} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type Copy = { title: string; description: string; submit: string };

function copyFor({ negotiation, action }: ResponseTarget): Copy {
  const { loop, buyer } = negotiation;
  const offer = `$${negotiation.offerAmount}`;
  const counter = negotiation.counterOffer ? `$${negotiation.counterOffer}` : offer;
  const format = negotiation.format.toUpperCase();
  const byWallet = negotiation.funding === "wallet";
  // A counter is answered by the buyer; a pending offer by the seller (or withdrawn by the buyer).
  if (negotiation.status === "counter" && byWallet) {
    return action === "accept"
      ? {
          title: "Accept Counter Offer",
          description: `Buy ${loop.title} (${format}) for ${counter} plus the format fee by raising your escrowed offer to it from your wallet. The sale completes once it is settled on chain.`,
          submit: "Accept from Wallet",
        }
      : { title: "Reject Counter Offer", description: `The offer on ${loop.title} ends and your escrowed LOOP is returned to your wallet.`, submit: "Send Response" };
  }
  if (negotiation.status === "counter") {
    return action === "accept"
      ? { title: "Accept Counter Offer", description: `Buy ${loop.title} (${format}) for ${counter} plus the format fee. The sale completes at once.`, submit: "Send Response" }
      : { title: "Reject Counter Offer", description: `The offer on ${loop.title} ends and your held LOOP is released.`, submit: "Send Response" };
  }
  switch (action) {
    case "accept":
      return {
        title: "Accept Offer",
        description:
          negotiation.funding === "wallet"
            ? `Sell ${loop.title} (${format}) to ${buyer.username} for ${offer}. The escrow pays you once the acceptance is settled on chain (a few seconds).`
            : `Sell ${loop.title} (${format}) to ${buyer.username} for ${offer}. The sale completes at once.`,
        submit: "Send Response",
      };
    case "counter":
      return { title: "Counter Offer", description: `Name your price for ${loop.title}; ${buyer.username} offered ${offer} and can accept or reject your counter.`, submit: "Send Response" };
    case "reject":
      return { title: "Reject Offer", description: `Decline ${buyer.username}'s offer of ${offer} on ${loop.title}. ${byWallet ? "Their escrowed LOOP is returned to their wallet." : "Their held LOOP is released."}`, submit: "Send Response" };
    case "withdraw":
      return { title: "Withdraw Offer", description: `Withdraw your offer of ${offer} on ${loop.title}? ${byWallet ? "Your escrowed LOOP is returned to your wallet." : "Your held LOOP is released."}`, submit: "Withdraw Offer" };
  }
}

const ACTION_ICONS = { accept: CheckCircle2, counter: ArrowLeftRight, reject: XCircle, withdraw: Undo2 } as const;

/** Same shape as the API's check: digits with at most 2 decimals. */
const USD_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

function counterCents(text: string): bigint | null {
  const trimmed = text.trim();
  const cents = USD_TEXT.test(trimmed) ? parseUsd(trimmed) : null;
  return cents !== null && cents > 0n ? cents : null;
}

/** changeOffer from the linked wallet, then the lists are fetched again (the API marks the offer settling once indexed). */
function useWalletCounterAccept(linked: string | null) {
  const queryClient = useQueryClient();
  const { offerExpiryHours } = usePlatformSettings();
  const [step, setStep] = useState<WalletAnswerStep | null>(null);
  const mutation = useMutation({
    mutationFn: async (negotiation: Negotiation) => {
      const chain = await loadOfferChain();
      return acceptCounterFromWallet(await loadWallet(), { negotiation, linked, chain, onStep: setStep, offerExpiryHours });
    },
    onSettled: () => {
      setStep(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: NEGOTIATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
      ]);
    },
  });
  return { mutation, step };
}

function RespondForm({
  target,
  respond,
  walletAccept,
  onClose,
}: {
  target: ResponseTarget;
  respond: ReturnType<typeof useRespondNegotiation>;
  walletAccept: ReturnType<typeof useWalletCounterAccept>;
  onClose: () => void;
}) {
  const { negotiation, action } = target;
  const fromWallet = isWalletCounterAccept(target);
  const pending = respond.isPending || walletAccept.mutation.isPending;
  const [counter, setCounter] = useState("");
  const [message, setMessage] = useState("");
  const copy = copyFor(target);
  const Icon = ACTION_ICONS[action];
  const isCounter = action === "counter";
  const withMessage = action !== "withdraw" && !isWalletCounterAccept(target);
  const cents = isCounter ? counterCents(counter) : null;
  const sameAsOffer = cents !== null && cents === parseUsd(negotiation.offerAmount);
  const counterProblem = !isCounter || !counter.trim() ? null : cents === null ? NEGOTIATION_MESSAGES.counterAmount : sameAsOffer ? NEGOTIATION_MESSAGES.counterSame : null;
  // Spec: a counter needs an amount before Send Response is enabled.
  const canSend = !pending && (!isCounter || (cents !== null && !sameAsOffer));
  // The buyer accepting a counter: the hold moves to the counter plus its fee (the server's: the rate the offer was opened with).
  const buyerAccept = negotiation.status === "counter" && action === "accept" && negotiation.counterOffer ? negotiationQuote(negotiation) : null;
  const counterWei = fromWallet && negotiation.counterOffer ? usdToOfferWei(negotiation.counterOffer) : null;
  const escrowWei = counterWei !== null ? offerEscrowWei(counterWei, negotiation.format) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (fromWallet) {
      walletAccept.mutation.mutate(negotiation, {
        onSuccess: () => {
          toast(RESPONSE_TOASTS.walletAccepted);
          onClose();
        },
        onError: (error) => {
          if (!isWalletOfferDismissal(error)) toast(RESPONSE_TOASTS.failed(walletOfferFailureText(error)));
        },
      });
      return;
    }
    const trimmed = message.trim();
    respond.mutate(
      {
        id: negotiation.id,
        action,
        ...(isCounter && cents !== null ? { counterOffer: formatUsd(cents) } : {}),
        ...(withMessage && trimmed ? { message: trimmed } : {}),
        version: negotiation.version,
      },
      {
        onSuccess: () => {
          toast(RESPONSE_TOASTS.sent);
          onClose();
        },
        onError: (error) => {
          const status = errorStatus(error);
          if (status === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          if (status === 409) {
            // The offer changed or closed since the list was loaded: say why; the list is fetched again.
            toast(RESPONSE_TOASTS.failed(getServerMessage(error, NEGOTIATION_MESSAGES.changed)));
            onClose();
            return;
          }
          // A refusal the buyer can act on (e.g. 'Insufficient Balance…' for a counter) says so; other failures get the spec's text.
          toast(RESPONSE_TOASTS.failed(status !== null && status >= 400 && status < 500 ? getServerMessage(error, RESPONSE_FAILED_TEXT) : RESPONSE_FAILED_TEXT));
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Icon aria-hidden />
          {copy.title}
        </DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
      </DialogHeader>

      <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
        <dl className="grid gap-1.5 rounded-lg border border-border px-4 py-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Original price</dt>
            <dd className="font-mono tabular-nums">${negotiation.loop.price}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Offer</dt>
            <dd className="font-mono tabular-nums">${negotiation.offerAmount}</dd>
          </div>
          {negotiation.counterOffer ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Counter offer</dt>
              <dd className="font-mono tabular-nums">${negotiation.counterOffer}</dd>
            </div>
          ) : null}
          {fromWallet && buyerAccept && escrowWei !== null ? (
            <p className="mt-1 border-t border-border pt-1.5 text-xs text-muted-foreground" data-testid="respond-held">
              Total {formatUsdCents(buyerAccept.totalCents)} (with the {negotiation.format.toUpperCase()} fee), escrowed from your wallet:{" "}
              <span className="font-mono font-semibold text-foreground tabular-nums">{formatWalletLoop(escrowWei)} LOOP</span>
            </p>
          ) : buyerAccept ? (
            <p className="mt-1 border-t border-border pt-1.5 text-xs text-muted-foreground" data-testid="respond-held">
              Total {formatUsdCents(buyerAccept.totalCents)} (with the {negotiation.format.toUpperCase()} fee), paid from your LOOP balance:{" "}
              <span className="font-mono font-semibold text-foreground tabular-nums">{formatLoopUnits(buyerAccept.heldUnits)} LOOP</span>
            </p>
          ) : null}
        </dl>

        {isCounter ? (
          <div className="grid gap-2">
            <Label htmlFor="respond-counter">Counter offer (USD)</Label>
            <UsdAmountInput
              id="respond-counter"
              value={counter}
              disabled={pending}
              error={counterProblem}
              errorId="respond-counter-error"
              onChange={(event) => setCounter(event.target.value)}
            />
          </div>
        ) : null}

        {withMessage ? (
          <div className="grid gap-2">
            <Label htmlFor="respond-message">Message (optional)</Label>
            <Textarea
              id="respond-message"
              value={message}
              maxLength={NEGOTIATION_MESSAGE_MAX}
              rows={3}
              disabled={pending}
              onChange={(event) => setMessage(event.target.value)}
            />
            <p className="text-right text-xs text-muted-foreground" aria-live="polite">
              {message.length}/{NEGOTIATION_MESSAGE_MAX}
            </p>
          </div>
        ) : null}

        {fromWallet && walletAccept.step ? (
          <p role="status" className="flex items-center gap-2 rounded-lg border border-primary/40 bg-primary/10 px-3 py-2 text-sm" data-testid="wallet-answer-progress">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
            {WALLET_ANSWER_STEP_LABELS[walletAccept.step]}
          </p>
        ) : null}

        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={action === "reject" || action === "withdraw" ? "destructive" : "default"} disabled={!canSend}>
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <MessageSquareReply aria-hidden />}
            {pending ? "Sending..." : copy.submit}
          </Button>
        </div>
      </form>
    </>
  );
}
