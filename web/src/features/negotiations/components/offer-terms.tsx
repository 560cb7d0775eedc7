import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { AmountList, AmountRow } from "@/components/amount-rows";
import { LoopAmount } from "@/components/ui/loop-amount";
import { formatWalletLoop } from "@/lib/format";
import { formatUsdCents } from "@/lib/loop-amounts";
import { negotiationQuote } from "@/lib/price-quote";
import { offerEscrowWei, usdToOfferWei } from "@/lib/wallet/wallet-offers";

/**
 * The offer being answered: its price, offer and counter; for the buyer accepting a counter, the
 * total with its fee and what it takes (from the LOOP balance, or escrowed from the wallet).
 */
export function OfferTerms({
  negotiation,
  buyerAccepts,
  fromWallet,
}: {
  negotiation: Negotiation;
  buyerAccepts: boolean;
  fromWallet: boolean;
}) {
  // The hold moves to the counter plus its fee (the server's: the rate the offer was opened with).
  const quote = buyerAccepts && negotiation.counterOffer ? negotiationQuote(negotiation) : null;
  const counterWei = fromWallet && negotiation.counterOffer ? usdToOfferWei(negotiation.counterOffer) : null;
  const escrowWei = counterWei !== null ? offerEscrowWei(counterWei, negotiation.format) : null;
  const fromWalletEscrow = fromWallet && escrowWei !== null;
  return (
    <AmountList>
      <AmountRow label="Original price">{`$${negotiation.loop.price}`}</AmountRow>
      <AmountRow label="Offer">{`$${negotiation.offerAmount}`}</AmountRow>
      {negotiation.counterOffer ? <AmountRow label="Counter offer">{`$${negotiation.counterOffer}`}</AmountRow> : null}
      {quote ? (
        <p className="mt-1 border-t border-border pt-1.5 text-xs text-muted-foreground" data-testid="respond-held">
          Total {formatUsdCents(quote.totalCents)} (with the {negotiation.format.toUpperCase()} fee),{" "}
          {fromWalletEscrow ? "escrowed from your wallet" : "paid from your LOOP balance"}:{" "}
          <span className="font-mono font-semibold text-foreground tabular-nums">
            {fromWalletEscrow ? `${formatWalletLoop(escrowWei)} LOOP` : <LoopAmount value={quote.loopUnits} />}
          </span>
        </p>
      ) : null}
    </AmountList>
  );
}
