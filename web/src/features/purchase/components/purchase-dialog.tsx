import type { Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { Purchase } from "@loop/rules/schemas/purchases";
import { useIsMutating } from "@tanstack/react-query";
import { Mail, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { FeeSummary } from "@/components/fee-summary";
import { FormatFieldset } from "@/components/format-fieldset";
import { Dialog, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { errorStatus } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { notOwnedFormats } from "@/lib/loop-access";
import { formatUsdCents } from "@/lib/loop-amounts";
import { artistName } from "@/lib/loop-format";
import { fullPageNavigate } from "@/lib/navigation";
import { usePlatformSettings } from "@/lib/platform-settings";
import { feePercent, type PurchaseQuote, purchaseQuote } from "@/lib/price-quote";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast } from "@/lib/toast";
import { purchaseMutationKey } from "../api/purchase-mutation";
import { PURCHASE_TOASTS, purchaseFailedToast } from "../lib/purchase-toasts";
import { PaymentTabs } from "./payment-tabs";

export interface PurchaseDialogProps {
  loop: PublicLoop;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The formats the viewer owns already (default: the loop's `purchasedFormats`; the card adds
   * those bought since the list was fetched): shown "Owned" and not to be chosen.
   */
  ownedFormats?: readonly Format[];
  /** After the server recorded the purchase (the card shows Download from then on). */
  onPurchased?: (purchase: Purchase) => void;
}

/**
 * Buy a loop (docs/product.md#purchase-dialog, docs/product.md#purchases): the format (MP3 +2% or WAV +4% by default: the
 * fees of the platform settings, GET /api/config; each with its total), price, fee and total in USD, the way to pay, and the note that the files also arrive by
 * e-mail. Each format is a purchase of its own: one already owned is marked "Owned" and cannot be
 * chosen, and the dialog opens on the first one not owned. Every amount here is the page's own
 * computation with the shared rules; the server computes them again and charges what it computes.
 */
export function PurchaseDialog({ loop, open, onOpenChange, ownedFormats = loop.purchasedFormats, onPurchased }: PurchaseDialogProps) {
  const { user } = useUser();
  const [chosen, setChosen] = useState<Format | null>(null);
  const notOwned = notOwnedFormats(ownedFormats);
  // Derived, not stored: a format bought through this dialog turns to the next one when it reopens.
  const format: Format = chosen !== null && notOwned.includes(chosen) ? chosen : (notOwned[0] ?? "mp3");
  const paying = useIsMutating({ mutationKey: purchaseMutationKey(loop.id) }) > 0;
  const { formatFeeBps } = usePlatformSettings();
  const feeBps = (of: Format) => BigInt(formatFeeBps[of]);
  const quote = purchaseQuote(loop.price, format, feeBps(format));
  const emailed = Boolean(user?.email);

  const close = () => onOpenChange(false);
  const purchased = (purchase: Purchase) => {
    toast(PURCHASE_TOASTS.success(loop.title, purchase.format, emailed));
    fullPageNavigate(purchase.downloadUrl);
    onPurchased?.(purchase);
    close();
  };
  const failed = (error: unknown) => {
    if (errorStatus(error) === 401) {
      redirectToLoginAfterUnauthorized();
      return;
    }
    toast(purchaseFailedToast(error));
  };

  return (
    // While a payment is under way the dialog stays open, so its answer is shown.
    <Dialog open={open} onOpenChange={(next) => (paying && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeading
          title={`Buy ${loop.title}`}
          icon={ShoppingCart}
          description={`by ${artistName(loop.user)}. Choose a format, then pay.`}
        />

        <FormatFieldset
          className="mt-5"
          name={`purchase-format-${loop.id}`}
          value={format}
          ownedFormats={ownedFormats}
          mp3Kbps={loop.mp3Kbps}
          disabled={paying}
          onChange={setChosen}
          trailing={(option) => (
            <span className="text-xs text-muted-foreground">+{feePercent(option.format, feeBps(option.format))} fee</span>
          )}
          detail={(option, owned) => {
            const optionQuote = purchaseQuote(loop.price, option.format, feeBps(option.format));
            return (
              <span className="flex items-baseline justify-between gap-2 pl-5 text-xs text-muted-foreground">
                <span>{option.hint}</span>
                {owned ? (
                  <span className="text-sm font-semibold text-emerald-300">Owned</span>
                ) : (
                  <span className="font-mono text-sm font-semibold text-foreground tabular-nums">
                    {optionQuote ? formatUsdCents(optionQuote.totalCents) : "—"}
                  </span>
                )}
              </span>
            );
          }}
        />

        {notOwned.length === 0 ? (
          <p role="status" className="mt-4 text-sm text-muted-foreground">
            You own every format of this loop: download it from its card.
          </p>
        ) : quote ? (
          <>
            <PriceSummary quote={quote} />
            <PaymentTabs
              loopId={loop.id}
              locked={paying}
              panelProps={{ loop, quote, onPurchased: purchased, onFailed: failed, onClose: close }}
            />
          </>
        ) : (
          <p role="alert" className="mt-4 text-sm text-rose-200">
            This loop&apos;s price could not be read, so it cannot be bought right now.
          </p>
        )}

        <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground">
          <Mail className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {emailed ? "Your files are also sent to your e-mail address after payment." : "Your download starts right after payment."}
        </p>
      </DialogContent>
    </Dialog>
  );
}

function PriceSummary({ quote }: { quote: PurchaseQuote }) {
  return (
    <FeeSummary
      className="mt-4"
      testId="purchase-summary"
      amountLabel="Price"
      amountCents={quote.priceCents}
      format={quote.format}
      feeBps={quote.feeBps}
      feeCents={quote.feeCents}
      totalLabel="Total"
      totalCents={quote.totalCents}
      totalTestId="purchase-total"
    />
  );
}
