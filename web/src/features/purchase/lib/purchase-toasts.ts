/** What the Purchase dialog says once a payment ends (docs/product.md#purchase-errors). */
import type { Format } from "@loop/rules/fees";
import { getServerMessage } from "@/lib/api-client";
import type { ToastInput } from "@/lib/toast";
import { PaymentFailedError } from "./payment-panels";

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

/** A payment's failure as its toast: a panel's own text and title (PaymentFailedError), or the server's message under 'Purchase Failed'. */
export function purchaseFailedToast(error: unknown): ToastInput {
  return error instanceof PaymentFailedError
    ? PURCHASE_TOASTS.failed(error.message, error.title)
    : PURCHASE_TOASTS.failed(getServerMessage(error, PURCHASE_FAILED_FALLBACK));
}
