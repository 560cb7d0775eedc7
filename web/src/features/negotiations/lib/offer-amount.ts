import type { Format } from "@loop/rules/fees";
import { NEGOTIATION_MESSAGES, offerBelowMinimumMessage } from "@loop/rules/schemas/negotiations";
import { formatUsd } from "@loop/rules/units";
import { offerCents, offerQuote } from "@/lib/price-quote";
import { offerEscrowWei, usdToOfferWei } from "@/lib/wallet/wallet-offers";

export type AmountCheck = { state: "empty" } | { state: "invalid"; message: string } | { state: "valid"; cents: bigint };

/** The offer must be a USD amount with at most 2 decimals, from the platform's minimum offer to below the loop's price. */
export function checkOfferAmount(text: string, priceCents: bigint | null, minOfferCents: number): AmountCheck {
  if (!text.trim()) return { state: "empty" };
  const cents = offerCents(text);
  if (cents === null) return { state: "invalid", message: NEGOTIATION_MESSAGES.amount };
  if (priceCents !== null && cents >= priceCents) return { state: "invalid", message: NEGOTIATION_MESSAGES.notBelowPrice };
  if (cents < BigInt(minOfferCents)) return { state: "invalid", message: offerBelowMinimumMessage(minOfferCents) };
  return { state: "valid", cents };
}

/**
 * What the dialog shows for the amount typed: its check, the quote (the amount, its fee at `feeBps`
 * and the total held) and, from a wallet, the LOOP escrowed on chain (amount + the contract's fee).
 */
export function offerFigures(amount: string, terms: OfferTerms) {
  const check = checkOfferAmount(amount, terms.priceCents, terms.minOfferCents);
  const usd = check.state === "valid" ? formatUsd(check.cents) : null;
  const quote = usd === null ? null : offerQuote(usd, terms.format, terms.feeBps);
  const escrowWei = usd === null || !terms.byWallet ? null : offerEscrowWei(usdToOfferWei(usd) ?? 0n, terms.format);
  return { check, quote, escrowWei };
}

export interface OfferTerms {
  priceCents: bigint | null;
  minOfferCents: number;
  format: Format;
  feeBps: bigint;
  byWallet: boolean;
}
