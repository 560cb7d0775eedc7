import { FORMAT_FEE_BPS, type Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { NEGOTIATION_MESSAGE_MAX } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { HandCoins } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormatFieldset } from "@/components/format-fieldset";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { MessageField } from "@/components/ui/message-field";
import { UsdAmountInput } from "@/components/ui/usd-amount-input";
import { useUser } from "@/lib/auth";
import { useTokenBalance } from "@/lib/get-token-balance";
import { notOwnedFormats } from "@/lib/loop-access";
import { formatUsdCents } from "@/lib/loop-amounts";
import { artistName } from "@/lib/loop-format";
import { usePlatformSettings } from "@/lib/platform-settings";
import { feePercent, loopSufficiency } from "@/lib/price-quote";
import { useMarketplaceChain } from "@/lib/wallet/marketplace-chain";
import { useMakeOffer } from "../lib/make-offer";
import { offerFigures } from "../lib/offer-amount";
import { BalanceOfferNotes, FundingFieldset, type OfferFunding, OfferSummary, WalletOfferNotes } from "./offer-funding";

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
 * (lib/make-offer.ts sends either). The amounts here are the page's own computation with the shared
 * rules, the server computes them again. A format the viewer owns is marked "Owned" and cannot be
 * chosen; the dialog opens on the first other.
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
  const offer = useMakeOffer(loop, {
    chain,
    linked,
    offerExpiryHours,
    onSent: () => {
      setChosen(null);
      setAmount("");
      setMessage("");
      onOpenChange(false);
    },
  });
  const byWallet = funding === "wallet";
  // In app: the platform settings' fee. From a wallet: LoopMarketplace.offerFee's fixed rates (the defaults).
  const feeBps = (of: Format) => (byWallet ? FORMAT_FEE_BPS[of] : BigInt(formatFeeBps[of]));
  // The balance is only for reference (the server checks it); fetched while the dialog is open.
  const balance = useTokenBalance({ enabled: open && !byWallet });
  const priceCents = parseUsd(loop.price);
  const { check, quote, escrowWei } = offerFigures(amount, { priceCents, minOfferCents, format, feeBps: feeBps(format), byWallet });
  const walletReady = chain !== null && linked !== null;
  const canSend = check.state === "valid" && (byWallet ? walletReady : message.length <= NEGOTIATION_MESSAGE_MAX) && !offer.pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || check.state !== "valid") return;
    offer.send({ format, offerAmount: formatUsd(check.cents), message, byWallet });
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
      pending={offer.pending}
      submitDisabled={!canSend}
      submitLabel="Send Offer"
      pendingLabel="Sending..."
      submitIcon={HandCoins}
      cancelDisabled={offer.pending}
    >
      <FormatFieldset
        name={`offer-format-${loop.id}`}
        value={format}
        ownedFormats={ownedFormats}
        mp3Kbps={loop.mp3Kbps}
        disabled={offer.pending}
        onChange={setChosen}
        trailing={(option, owned) =>
          owned ? (
            <span className="ml-auto text-xs font-semibold text-emerald-300">Owned</span>
          ) : (
            <span className="text-xs text-muted-foreground">+{feePercent(option.format, feeBps(option.format))} fee</span>
          )
        }
      />

      <FundingFieldset name={`offer-funding-${loop.id}`} value={funding} disabled={offer.pending} onChange={setFunding} />

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
          disabled={offer.pending}
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
          disabled={offer.pending}
          placeholder="Tell the creator about your project"
          onChange={(event) => setMessage(event.target.value)}
        />
      )}

      {quote ? <OfferSummary quote={quote} format={format} feeBps={feeBps(format)} escrowWei={escrowWei} /> : null}

      {byWallet ? (
        <WalletOfferNotes chain={chain} chainLoading={chainLoading} linked={linked} offerExpiryHours={offerExpiryHours} step={offer.step} />
      ) : (
        <BalanceOfferNotes
          available={balance.data?.available}
          sufficiency={quote ? loopSufficiency(quote.loopUnits, balance.data?.available) : null}
        />
      )}
    </FormDialog>
  );
}
