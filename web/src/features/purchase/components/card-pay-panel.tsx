import { paths } from "@loop/rules/paths";
import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { CreditCard, Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { PendingButton } from "@/components/ui/pending-button";
import { useClientConfig } from "@/lib/client-config";
import { usePaymentMethods } from "@/lib/get-payment-methods";
import { formatUsdCents } from "@/lib/loop-amounts";
import { cn } from "@/lib/utils";
import { CARD_TEXTS, cardLabel, selectedCard, useCardPayment } from "../lib/card-payment";
import { fiatOutcome } from "../lib/fiat-outcome";
import { PaymentFailedError, type PaymentPanelProps } from "../lib/payment-panels";
import { PanelStatus } from "./panel-status";

/**
 * Paying with a saved card (Stripe): the viewer's cards (Settings manages them) with the default
 * chosen, and Pay for the total the dialog shows (lib/card-payment.ts); the server charges its own
 * total and refuses a different one.
 */
export function CardPayPanel({ loop, quote, onPurchased, onFailed, onClose }: PaymentPanelProps) {
  const config = useClientConfig();
  const stripe = config.data?.stripe ?? null;
  const methods = usePaymentMethods(stripe !== null);
  const payment = useCardPayment(loop.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (config.isPending) return <PanelStatus loading>Loading…</PanelStatus>;
  if (config.isError) return <LoadError message="The payment settings could not be loaded." onRetry={() => void config.refetch()} />;
  if (stripe === null) return <PanelStatus>{CARD_TEXTS.notConfigured}</PanelStatus>;
  if (methods.isPending) return <PanelStatus loading>Loading your saved cards…</PanelStatus>;
  if (methods.isError) return <LoadError message="Your saved cards could not be loaded." onRetry={() => void methods.refetch()} />;

  const selected = selectedCard(methods.data, chosen);
  if (!selected) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
        <p className="text-muted-foreground">{CARD_TEXTS.noCard}</p>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.settings()} onClick={onClose}>
            <Settings aria-hidden />
            {CARD_TEXTS.addCard}
          </Link>
        </Button>
      </div>
    );
  }

  const busy = payment.isPending;
  const pay = () => {
    if (busy) return;
    setPending(false);
    const input = { loopId: loop.id, format: quote.format, totalCents: quote.totalCents, paymentMethodId: selected.id };
    payment.mutate(
      { ...input, publishableKey: stripe.publishableKey },
      {
        onSuccess: (status) => {
          const outcome = fiatOutcome(status);
          if (outcome.state === "completed") onPurchased(outcome.purchase);
          else if (outcome.state === "pending") setPending(true);
          else onFailed(new PaymentFailedError(CARD_TEXTS.notCompleted));
        },
        onError: onFailed,
      },
    );
  };

  return (
    <div className="grid gap-3">
      <SavedCards name={`purchase-card-${loop.id}`} cards={methods.data} selected={selected} disabled={busy} onChoose={setChosen} />
      <Link to={paths.settings()} onClick={onClose} className="text-xs text-muted-foreground underline-offset-2 hover:underline">
        Manage cards in Settings
      </Link>

      {pending ? (
        <p role="status" className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
          {CARD_TEXTS.pending}
        </p>
      ) : null}

      {/* After 'pending' the bank is still deciding: paying again could charge twice. */}
      <PendingButton className="w-full" pending={busy} disabled={pending} onClick={pay} icon={CreditCard}>
        {busy ? "Paying..." : `Pay ${formatUsdCents(quote.totalCents)}`}
      </PendingButton>
    </div>
  );
}

/** The saved cards, one radio each, the selected one checked. */
function SavedCards({
  name,
  cards,
  selected,
  disabled,
  onChoose,
}: {
  name: string;
  cards: readonly PaymentMethod[];
  selected: PaymentMethod;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">Saved cards</legend>
      {cards.map((card) => {
        const checked = card.id === selected.id;
        return (
          <label
            key={card.id}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              checked ? "border-primary bg-primary/10" : "border-border hover:border-primary/50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={checked}
              onChange={() => onChoose(card.id)}
              className="accent-primary"
            />
            <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="font-mono tabular-nums">{cardLabel(card)}</span>
            {card.isDefault ? <span className="ml-auto text-xs text-muted-foreground">Default</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
