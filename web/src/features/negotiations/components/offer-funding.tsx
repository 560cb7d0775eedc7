import type { Format } from "@loop/rules/fees";
import { Wallet } from "lucide-react";
import { FeeSummary } from "@/components/fee-summary";
import { LinkWalletNotice } from "@/components/link-wallet-notice";
import { LoopAmount } from "@/components/ui/loop-amount";
import { ProgressNote } from "@/components/ui/progress-note";
import { formatWalletLoop } from "@/lib/format";
import { offerExpiryText } from "@/lib/platform-settings";
import type { LoopSufficiency, OfferQuote } from "@/lib/price-quote";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { NO_LINKED_WALLET_TEXT, OFFERS_UNAVAILABLE_TEXT } from "@/lib/wallet/wallet-offers";
import { WALLET_OFFER_STEP_LABELS, type WalletOfferStep } from "../lib/wallet-offer";

/** Where the offer's LOOP comes from: held from the in-app balance, or escrowed on chain from the linked wallet. */
export type OfferFunding = "app" | "wallet";

const FUNDING_OPTIONS: readonly { funding: OfferFunding; label: string }[] = [
  { funding: "app", label: "LOOP balance" },
  { funding: "wallet", label: "Wallet (escrow on chain)" },
];

/** Pay with: the LOOP balance or the wallet. */
export function FundingFieldset({
  name,
  value,
  disabled,
  onChange,
}: {
  name: string;
  value: OfferFunding;
  disabled: boolean;
  onChange: (funding: OfferFunding) => void;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Pay with</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {FUNDING_OPTIONS.map((option) => (
          <label
            key={option.funding}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input
              type="radio"
              name={name}
              value={option.funding}
              checked={value === option.funding}
              onChange={() => onChange(option.funding)}
              className="accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface WalletOfferNotesProps {
  chain: MarketplaceChain | null;
  chainLoading: boolean;
  linked: string | null;
  offerExpiryHours: number;
  /** The wallet step under way, if any. */
  step: WalletOfferStep | null;
}

/** From the wallet: whether it can be used here, how the escrow works, and the step under way. */
export function WalletOfferNotes({ chain, chainLoading, linked, offerExpiryHours, step }: WalletOfferNotesProps) {
  return (
    <>
      {!chain ? (
        <p role="status" className="rounded-lg border border-border px-3 py-2 text-sm text-muted-foreground">
          {chainLoading ? "Loading the network…" : OFFERS_UNAVAILABLE_TEXT}
        </p>
      ) : linked === null ? (
        <LinkWalletNotice message={NO_LINKED_WALLET_TEXT} />
      ) : null}
      <p className="text-xs text-muted-foreground">
        500 LOOP = 1 USD. Escrowed by the marketplace contract{chain ? ` on ${chain.name}` : ""} from your linked wallet: your wallet asks
        you to approve LOOP if needed, then to confirm the offer. A rejected or withdrawn offer is refunded to your wallet; after{" "}
        {offerExpiryText(offerExpiryHours)} without an answer you reclaim it from Negotiations. A wallet offer carries no message.
      </p>
      {step ? <ProgressNote data-testid="wallet-offer-progress">{WALLET_OFFER_STEP_LABELS[step]}</ProgressNote> : null}
    </>
  );
}

/** From the LOOP balance: what it holds (short by how much) and when the hold is released. */
export function BalanceOfferNotes({ available, sufficiency }: { available: string | undefined; sufficiency: LoopSufficiency | null }) {
  return (
    <>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Wallet className="size-3.5" aria-hidden />
        Your LOOP balance: {available !== undefined ? <LoopAmount value={available} /> : "…"}
        {sufficiency?.state === "short" ? (
          <span className="text-amber-200">
            {" "}
            (short by <LoopAmount value={sufficiency.shortUnits} />)
          </span>
        ) : null}
      </p>
      <p className="text-xs text-muted-foreground">
        500 LOOP = 1 USD. The hold is released if the offer is rejected, withdrawn or expires.
      </p>
    </>
  );
}

/** The offer, its fee and the total if accepted, with what is held in app or escrowed on chain (`escrowWei`, from a wallet). */
export function OfferSummary({
  quote,
  format,
  feeBps,
  escrowWei,
}: {
  quote: OfferQuote;
  format: Format;
  feeBps: bigint;
  escrowWei: bigint | null;
}) {
  return (
    <FeeSummary
      testId="offer-summary"
      amountLabel="Offer"
      amountCents={quote.amountCents}
      format={format}
      feeBps={feeBps}
      feeCents={quote.feeCents}
      totalLabel="Total if accepted"
      totalCents={quote.totalCents}
    >
      <p className="mt-1 text-xs text-muted-foreground" data-testid="offer-held">
        {escrowWei !== null ? "Escrowed on chain from your wallet: " : "Held from your LOOP balance: "}
        <span className="font-mono font-semibold text-foreground tabular-nums">
          {escrowWei !== null ? `${formatWalletLoop(escrowWei)} LOOP` : <LoopAmount value={quote.loopUnits} />}
        </span>
      </p>
    </FeeSummary>
  );
}
