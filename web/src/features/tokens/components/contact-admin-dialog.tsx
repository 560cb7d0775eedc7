import {
  PAYMENT_DETAILS_MAX,
  ORDER_MESSAGE_MAX,
  PAYMENT_METHODS,
  type PaymentMethod,
  TOKEN_ORDER_MESSAGES,
  tokenOrderRequestSchema,
} from "@loop/rules/schemas/token-orders";
import { formatUsd, loopUnitsToCents, parseLoop } from "@loop/rules/units";
import { ShoppingCart } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/form-field";
import { ApiError } from "@/lib/api-client";
import { loopText } from "@/lib/format";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { formatUsdCents } from "@/lib/loop-amounts";
import { failureToast, successToast } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { useCreateTokenOrder } from "../api/create-token-order";

export const SUBMISSION_FAILED_FALLBACK = "Failed to submit your order. Please try again.";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: "PayPal",
  bank_transfer: "Bank Transfer",
  crypto: "Crypto",
  revolut: "Revolut",
  skrill: "Skrill",
};

const DETAILS_PLACEHOLDERS: Record<PaymentMethod, string> = {
  paypal: "The PayPal e-mail you will pay from",
  bank_transfer: "Account holder and bank (IBAN last digits)",
  crypto: "The coin and the address you will pay from",
  revolut: "Your Revolut @username or phone",
  skrill: "Your Skrill e-mail",
};

const amountSchema = tokenOrderRequestSchema.shape.requestedAmount;

/** The message for a requested amount (pattern, size, worth more than $0.00), or null when it is fine. */
function amountProblem(requestedAmount: string, cents: bigint | null): string | null {
  const parsed = amountSchema.safeParse(requestedAmount);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? TOKEN_ORDER_MESSAGES.invalidAmount;
  return cents === 0n ? TOKEN_ORDER_MESSAGES.zeroUsd : null;
}

type Values = { requestedAmount: string; paymentMethod: PaymentMethod; paymentDetails: string; message: string };
const EMPTY: Values = { requestedAmount: "", paymentMethod: "paypal", paymentDetails: "", message: "" };

/** The server's amount pattern: digits with an optional 1 to 8 decimals. */
const AMOUNT_PATTERN = /^\d+(\.\d{1,8})?$/;

/** The USD cents of a requested amount at 500 LOOP = $1 (half-up); null when it does not match the pattern. */
export function orderCents(requestedAmount: string): bigint | null {
  const text = requestedAmount.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const units = parseLoop(text);
  return units === null ? null : loopUnitsToCents(units);
}

export interface ContactAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the confirmation e-mail goes (null: the user has no address). */
  email: string | null;
}

/**
 * The admin order form (docs/product.md#token-orders, docs/product.md#validation): ask an admin to sell you LOOP. The USD amount is computed
 * here at 500 LOOP = $1 (rounded half-up to the cent) and checked again by the server. Submit is
 * disabled while sending and while the amount is worth $0.00.
 */
/** How long an admin order takes (spec: processed manually, usually 1–24 hours). */
export const ADMIN_ORDER_PROCESSING = "Orders are processed manually, usually within 1–24 hours.";

export function ContactAdminDialog({ open, onOpenChange, email }: ContactAdminDialogProps) {
  const { values, field, error, setError, reset } = useFormValues(EMPTY);
  const order = useCreateTokenOrder();
  const submitOrder = useKeyedSubmit(order);

  const cents = orderCents(values.requestedAmount);
  const usdCents = cents ?? 0n;
  const amountHint = values.requestedAmount.trim() ? amountProblem(values.requestedAmount, cents) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (order.isPending) return;
    const parsed = tokenOrderRequestSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TOKEN_ORDER_MESSAGES.invalidAmount);
    if (cents === null) return setError(TOKEN_ORDER_MESSAGES.invalidAmount);
    if (cents === 0n) return setError(TOKEN_ORDER_MESSAGES.zeroUsd);
    const body = {
      requestedAmount: values.requestedAmount.trim(),
      paymentMethod: values.paymentMethod,
      paymentDetails: values.paymentDetails.trim(),
      ...(values.message.trim() ? { message: values.message.trim() } : {}),
      usdAmount: formatUsd(cents),
    };
    submitOrder(body, {
      onSuccess: (created) => {
        const what = `${loopText(created.requestedAmount)} ($${created.usdAmount})`;
        successToast(
          "Order Submitted",
          email
            ? `Your order for ${what} was sent to our team. A confirmation e-mail is on its way to ${email}.`
            : `Your order for ${what} was sent to our team. To get confirmations by e-mail, add an e-mail address in Settings (Account Information → Add e-mail).`,
        );
        reset(EMPTY);
        onOpenChange(false);
      },
      onError: (caught) => {
        // A refusal with the server's reason (e.g. a USD mismatch) says why; anything else is the spec's text.
        const refused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
        failureToast("Submission Failed", refused ? caught : null, SUBMISSION_FAILED_FALLBACK);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92dvh] overflow-y-auto"
      title="Order LOOP Tokens"
      icon={ShoppingCart}
      description={`Tell us how many tokens you want and how you will pay. An admin confirms the payment and credits your wallet. ${ADMIN_ORDER_PROCESSING}`}
      onSubmit={submit}
      error={error}
      pending={order.isPending}
      submitDisabled={usdCents === 0n}
      submitLabel="Submit Order"
      pendingLabel="Submitting..."
      submitIcon={ShoppingCart}
    >
      <InputField
        id="order-amount"
        label="Token amount (LOOP)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 5000"
        aria-invalid={amountHint ? true : undefined}
        aria-describedby="order-usd"
        {...field("requestedAmount")}
      >
        <p id="order-usd" className="text-sm text-muted-foreground">
          Total:{" "}
          <span className="font-semibold text-foreground" data-testid="order-usd">
            {formatUsdCents(usdCents)}
          </span>{" "}
          USD
          <span className="text-xs"> · 500 LOOP = $1</span>
        </p>
        {amountHint ? <p className="text-xs text-rose-200">{amountHint}</p> : null}
      </InputField>
      <SelectField
        id="order-method"
        label="Payment method"
        options={PAYMENT_METHODS}
        optionLabels={PAYMENT_METHOD_LABELS}
        {...field("paymentMethod")}
      />
      <InputField
        id="order-details"
        label="Payment details"
        maxLength={PAYMENT_DETAILS_MAX}
        placeholder={DETAILS_PLACEHOLDERS[values.paymentMethod]}
        {...field("paymentDetails")}
      />
      <TextareaField
        id="order-message"
        label="Message (optional)"
        rows={3}
        maxLength={ORDER_MESSAGE_MAX}
        placeholder="Anything the admin should know"
        {...field("message")}
      />
    </FormDialog>
  );
}
