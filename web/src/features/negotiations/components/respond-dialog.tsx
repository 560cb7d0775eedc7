import { type Negotiation, NEGOTIATION_MESSAGE_MAX, NEGOTIATION_MESSAGES } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { ArrowLeftRight, CheckCircle2, MessageSquareReply, Undo2, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Dialog, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { MessageField } from "@/components/ui/message-field";
import { ProgressNote } from "@/components/ui/progress-note";
import { UsdAmountInput } from "@/components/ui/usd-amount-input";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { offerCents } from "@/lib/price-quote";
import { usePlatformSettings } from "@/lib/platform-settings";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { useWalletFlow } from "@/lib/wallet/use-wallet-flow";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadOfferChain, walletOfferFailureText } from "@/lib/wallet/wallet-offers";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import type { TransactionHash } from "@/lib/wallet/types";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useRespondNegotiation } from "../api/respond-negotiation";
import { isWalletCounterAccept, responseCopy, type ResponseTarget } from "../lib/respond-copy";
import { acceptCounterFromWallet, WALLET_ANSWER_STEP_LABELS, type WalletAnswerStep } from "../lib/wallet-negotiation";
import { OfferTerms } from "./offer-terms";

export type { ResponseTarget };

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

export interface RespondDialogProps {
  /** null: closed. */
  target: ResponseTarget | null;
  /** The viewer's linked wallet: a wallet offer's counter is accepted from it. */
  linkedWallet?: string | null;
  onClose: () => void;
}

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
          <RespondForm
            key={`${target.negotiation.id}-${target.action}`}
            target={target}
            respond={respond}
            walletAccept={walletAccept}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const ACTION_ICONS = { accept: CheckCircle2, counter: ArrowLeftRight, reject: XCircle, withdraw: Undo2 } as const;

/** changeOffer from the linked wallet, then the lists are fetched again (the API marks the offer settling once indexed). */
function useWalletCounterAccept(linked: string | null) {
  const { offerExpiryHours } = usePlatformSettings();
  return useWalletFlow<Negotiation, TransactionHash, WalletAnswerStep>({
    run: async (negotiation, onStep) => {
      const chain = await loadOfferChain();
      return acceptCounterFromWallet(await loadWallet(), { negotiation, linked, chain, onStep, offerExpiryHours });
    },
    refresh: [NEGOTIATIONS_QUERY_KEY, WALLET_LOOP_BALANCE_QUERY_KEY],
  });
}

interface RespondFormProps {
  target: ResponseTarget;
  respond: ReturnType<typeof useRespondNegotiation>;
  walletAccept: ReturnType<typeof useWalletCounterAccept>;
  onClose: () => void;
}

function RespondForm({ target, respond, walletAccept, onClose }: RespondFormProps) {
  const { negotiation, action } = target;
  const fromWallet = isWalletCounterAccept(target);
  const pending = respond.isPending || walletAccept.mutation.isPending;
  const [counter, setCounter] = useState("");
  const [message, setMessage] = useState("");
  const copy = responseCopy(target);
  const isCounter = action === "counter";
  const withMessage = action !== "withdraw" && !fromWallet;
  const cents = isCounter ? offerCents(counter) : null;
  const sameAsOffer = cents !== null && cents === parseUsd(negotiation.offerAmount);
  const counterProblem =
    !isCounter || !counter.trim()
      ? null
      : cents === null
        ? NEGOTIATION_MESSAGES.counterAmount
        : sameAsOffer
          ? NEGOTIATION_MESSAGES.counterSame
          : null;
  // Spec: a counter needs an amount before Send Response is enabled.
  const canSend = !pending && (!isCounter || (cents !== null && !sameAsOffer));

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
          if (!isWalletDismissal(error)) toast(RESPONSE_TOASTS.failed(walletOfferFailureText(error)));
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
          toast(
            RESPONSE_TOASTS.failed(
              status !== null && status >= 400 && status < 500 ? getServerMessage(error, RESPONSE_FAILED_TEXT) : RESPONSE_FAILED_TEXT,
            ),
          );
        },
      },
    );
  };

  return (
    <>
      <DialogHeading title={copy.title} icon={ACTION_ICONS[action]} description={copy.description} />
      <DialogForm
        onSubmit={submit}
        pending={pending}
        submitDisabled={!canSend}
        submitLabel={copy.submit}
        pendingLabel="Sending..."
        submitIcon={MessageSquareReply}
        submitVariant={action === "reject" || action === "withdraw" ? "destructive" : "default"}
        onCancel={onClose}
        cancelDisabled={pending}
      >
        <OfferTerms
          negotiation={negotiation}
          buyerAccepts={negotiation.status === "counter" && action === "accept"}
          fromWallet={fromWallet}
        />

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
          <MessageField
            id="respond-message"
            value={message}
            maxLength={NEGOTIATION_MESSAGE_MAX}
            disabled={pending}
            onChange={(event) => setMessage(event.target.value)}
          />
        ) : null}

        {fromWallet && walletAccept.step ? (
          <ProgressNote data-testid="wallet-answer-progress">{WALLET_ANSWER_STEP_LABELS[walletAccept.step]}</ProgressNote>
        ) : null}
      </DialogForm>
    </>
  );
}
