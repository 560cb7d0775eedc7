import type { Format } from "@loop/rules/fees";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { Purchase } from "@loop/rules/schemas/purchases";
import { useIsMutating } from "@tanstack/react-query";
import { Mail, ShoppingCart } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Dialog, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { usePlatformSettings } from "@/lib/platform-settings";
import { formatUsdCents } from "@/lib/loop-amounts";
import { fullPageNavigate } from "@/lib/navigation";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { purchaseMutationKey } from "../api/create-purchase";
import { artistName } from "../lib/format";
import { notOwnedFormats } from "../lib/owned-formats";
import { feePercent, type PurchaseQuote, purchaseQuote } from "../lib/purchase-quote";
import { CardPayPanel } from "./card-pay-panel";
import { FeeSummary } from "./fee-summary";
import { FormatFieldset } from "./format-fieldset";
import { LoopBalancePanel } from "./loop-balance-panel";
import { type PaymentPanel, PaymentFailedError, type PaymentPanelProps } from "./payment-panels";
import { PaypalPayPanel } from "./paypal-pay-panel";
import { WalletPayPanel } from "./wallet-pay-panel";

/** The ways to pay, one tab each (the first is selected when the dialog opens). */
export const PAYMENT_PANELS: readonly PaymentPanel[] = [
  { method: "loop", label: "LOOP balance", Panel: LoopBalancePanel },
  { method: "wallet", label: "Wallet (on chain)", Panel: WalletPayPanel },
  { method: "paypal", label: "PayPal", Panel: PaypalPayPanel },
  { method: "card", label: "Card", Panel: CardPayPanel },
];

export const PURCHASE_FAILED_FALLBACK = "Failed to complete your purchase. Please try again.";

export const PURCHASE_TOASTS = {
  success: (title: string, format: Format, emailed: boolean): ToastInput => ({
    title: "Purchase Successful",
    description: emailed
      ? `${title} (${format.toUpperCase()}) is yours. Your download is starting and the files are on their way to your e-mail.`
      : `${title} (${format.toUpperCase()}) is yours. Your download is starting.`,
    variant: "success",
  }),
  failed: (message: string, title = "Purchase Failed"): ToastInput => ({ title, description: message, variant: "destructive" }),
} as const;

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
    toast(
      error instanceof PaymentFailedError
        ? PURCHASE_TOASTS.failed(error.message, error.title)
        : PURCHASE_TOASTS.failed(getServerMessage(error, PURCHASE_FAILED_FALLBACK)),
    );
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

/**
 * One tab per way to pay (WAI-ARIA tabs: arrow keys, Home and End move between them). A panel is
 * mounted when its tab is first chosen (the wallet stack and PayPal's script load only for their
 * tabs) and stays mounted, hidden, afterwards; while a payment is under way the tabs are locked.
 */
function PaymentTabs({ loopId, locked, panelProps }: { loopId: string; locked: boolean; panelProps: PaymentPanelProps }) {
  const [selected, setSelected] = useState(PAYMENT_PANELS[0]!.method);
  const [visited, setVisited] = useState<ReadonlySet<PaymentPanel["method"]>>(() => new Set([PAYMENT_PANELS[0]!.method]));
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const id = (kind: "tab" | "panel", method: string) => `purchase-${kind}-${method}-${loopId}`;

  const choose = (method: PaymentPanel["method"]) => {
    if (locked) return;
    setSelected(method);
    setVisited((current) => (current.has(method) ? current : new Set([...current, method])));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = PAYMENT_PANELS.findIndex((panel) => panel.method === selected);
    const last = PAYMENT_PANELS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % PAYMENT_PANELS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + PAYMENT_PANELS.length) % PAYMENT_PANELS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null || locked) return;
    event.preventDefault();
    const method = PAYMENT_PANELS[next]!.method;
    choose(method);
    tabs.current.get(method)?.focus();
  };

  return (
    <div className="mt-4">
      <div
        role="tablist"
        aria-label="Pay with"
        className="grid grid-cols-2 gap-1 rounded-lg border border-border bg-muted/40 p-1 sm:grid-cols-4"
        onKeyDown={onKeyDown}
      >
        {PAYMENT_PANELS.map(({ method, label }) => {
          const active = method === selected;
          return (
            <button
              key={method}
              ref={(element) => {
                if (element) tabs.current.set(method, element);
                else tabs.current.delete(method);
              }}
              type="button"
              role="tab"
              id={id("tab", method)}
              aria-selected={active}
              aria-controls={id("panel", method)}
              tabIndex={active ? 0 : -1}
              disabled={locked && !active}
              onClick={() => choose(method)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50",
                active ? "bg-primary/20 text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      {PAYMENT_PANELS.map(({ method, Panel }) => (
        <section
          key={method}
          role="tabpanel"
          id={id("panel", method)}
          aria-labelledby={id("tab", method)}
          hidden={method !== selected}
          className="mt-3 rounded-lg border border-border bg-card/60 p-4"
        >
          {visited.has(method) ? <Panel {...panelProps} /> : null}
        </section>
      ))}
    </div>
  );
}
