import { Coins } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
import { ProgressNote } from "@/components/ui/progress-note";
import { loopText } from "@/lib/format";
import { toast } from "@/lib/toast";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { BUY_STEP_LABELS, type BuyDestination, type BuyMarket, buyFailureText } from "../lib/buy-with-eth";
import { useBuyWithEth } from "../lib/use-buy-with-eth";
import { BuyQuoteSummary } from "./buy-quote-summary";

export const BUY_CREDITING_TEXT = "Confirmed on chain. Crediting your LOOP balance…";
export const BUY_SLOW_TEXT =
  "Your buy is confirmed on chain, but crediting is taking longer than usual. Your balance will update as soon as it is processed.";

export interface BuyWithEthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  market: BuyMarket;
  userId: string;
}

/** Buy with ETH (BNB): the LOOP wanted or the coin to spend, the pool's quote, slippage, where the LOOP goes, then the wallet. */
export function BuyWithEthDialog({ open, onOpenChange, market, userId }: BuyWithEthDialogProps) {
  const flow = useBuyWithEth(market, userId);
  const { quote, buy, step, crediting } = flow;
  const busy = buy.isPending;
  const coin = market.coin;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || quote.kind !== "ready" || quote.refusal) return;
    buy.mutate(quote.quote, {
      onSuccess: (outcome) => {
        if (outcome.kind === "slow") return toast({ title: "Buy Confirmed", description: BUY_SLOW_TEXT });
        const description =
          outcome.kind === "credited" ? `${loopText(outcome.units)} added to your balance` : "The LOOP is in your wallet.";
        toast({ title: "LOOP Bought", description, variant: "success" });
        flow.setAmount("");
        onOpenChange(false);
      },
      onError: (caught) => {
        if (!isWalletDismissal(caught)) toast({ title: "Buy Failed", description: buyFailureText(caught), variant: "destructive" });
      },
    });
  }

  const error = buy.error && !isWalletDismissal(buy.error) ? buyFailureText(buy.error) : null;
  const refusal = quote.kind === "invalid" ? quote.message : quote.kind === "ready" ? quote.refusal : null;
  const progress = crediting ? BUY_CREDITING_TEXT : step ? BUY_STEP_LABELS[step] : null;
  const destinations: [BuyDestination, string, string][] = [
    ["balance", "Credit to my LOOP balance", "Swapped and deposited in one transaction, credited after the chain's confirmations."],
    ["wallet", "Keep in my wallet", "The exchange sends the LOOP to your wallet."],
  ];

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (!busy || !next ? onOpenChange(next) : undefined)}
      title={`Buy LOOP with ${coin}`}
      icon={Coins}
      description={`Swap ${coin} for LOOP on ${market.chainName} through the exchange's pool, from your own wallet.`}
      onSubmit={submit}
      error={error ?? refusal}
      pending={busy}
      submitDisabled={quote.kind !== "ready" || quote.refusal !== null}
      submitLabel={`Buy with ${coin}`}
      submitIcon={Coins}
      cancelLabel={busy ? "Hide" : "Cancel"}
    >
      <div className="grid grid-cols-2 gap-2" role="group" aria-label="Amount in">
        {(["receive", "spend"] as const).map((side) => (
          <Button
            key={side}
            type="button"
            size="sm"
            variant={flow.side === side ? "default" : "outline"}
            aria-pressed={flow.side === side}
            disabled={busy}
            onClick={() => flow.setSide(side)}
          >
            {side === "receive" ? "LOOP wanted" : `${coin} to spend`}
          </Button>
        ))}
      </div>
      <InputField
        id="buy-amount"
        label={flow.side === "receive" ? "LOOP wanted" : `${coin} to spend`}
        value={flow.amount}
        onValueChange={flow.setAmount}
        inputMode="decimal"
        autoComplete="off"
        disabled={busy}
        placeholder="0"
      />
      {quote.kind === "ready" ? <BuyQuoteSummary quote={quote.quote} coin={coin} destination={flow.destination} /> : null}
      {flow.reserves.isError ? <p className="text-sm text-muted-foreground">The pool could not be read from {market.chainName}.</p> : null}
      <InputField
        id="buy-slippage"
        label="Slippage (%)"
        value={flow.slippage}
        onValueChange={flow.setSlippage}
        inputMode="decimal"
        autoComplete="off"
        disabled={busy}
      >
        <p className="text-xs text-muted-foreground">
          The buy is refused on chain if the price moves more than this before it goes through. Buys that move the price more than{" "}
          {flow.maxPriceImpactBps / 100}% are not offered.
        </p>
      </InputField>
      <fieldset className="grid gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Where the LOOP goes</legend>
        {destinations.map(([value, label, hint]) => (
          <label
            key={value}
            className="flex items-start gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="buy-destination"
              value={value}
              checked={flow.destination === value}
              disabled={value === "balance" && !market.zap}
              onChange={() => flow.setDestination(value)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-xs text-muted-foreground">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {progress ? <ProgressNote data-testid="buy-progress">{progress}</ProgressNote> : null}
    </FormDialog>
  );
}
