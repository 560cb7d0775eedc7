import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { Purchase, PurchaseMethod } from "@loop/rules/schemas/purchases";
import type { ComponentType } from "react";
import type { PurchaseQuote } from "@/lib/price-quote";

/** What every way to pay gets from the Purchase dialog. */
export interface PaymentPanelProps {
  loop: PublicLoop;
  quote: PurchaseQuote;
  /** The server recorded the purchase: the dialog toasts, starts the download and closes. */
  onPurchased: (purchase: Purchase) => void;
  /** The payment was refused or failed: the dialog shows 'Purchase Failed' (or the 401 rule). */
  onFailed: (error: unknown) => void;
  /** Leaves the dialog (e.g. to buy LOOP first). */
  onClose: () => void;
}

/** One way to pay in the Purchase dialog: its own panel, which runs its own payment flow. */
export interface PaymentPanel {
  method: Exclude<PurchaseMethod, "free">;
  label: string;
  Panel: ComponentType<PaymentPanelProps>;
}

/**
 * A failure whose message is the text to show under its title: 'Purchase Failed', or the spec's
 * crypto title 'Transaction Failed' for a wallet or chain failure.
 */
export class PaymentFailedError extends Error {
  override readonly name = "PaymentFailedError";
  constructor(message: string, options?: ErrorOptions & { title?: string }) {
    super(message, options);
    this.title = options?.title ?? "Purchase Failed";
  }
  readonly title: string;
}
