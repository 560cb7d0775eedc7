import { loopAmountSchema } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { WITHDRAWAL_MESSAGES, WITHDRAWAL_METHODS, type WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { ArrowUpFromLine } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, SelectField } from "@/components/ui/form-field";
import { getServerMessage } from "@/lib/api-client";
import { loopText } from "@/lib/format";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { usePlatformSettings } from "@/lib/platform-settings";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { METHOD_LABELS } from "@/lib/withdrawal-methods";
import { useRequestWithdrawal } from "../api/request-withdrawal";
import { outgoingRefusal } from "./balance-parts";
import { OutgoingAmountField } from "./outgoing-amount-field";

export const WITHDRAWAL_FAILED_FALLBACK = "Failed to submit withdrawal request";
/** "Minimum withdrawal: 10 LOOP", for the platform settings' minimum (an 8-decimal LOOP string). */
export function minimumWithdrawalText(minWithdrawal: string): string {
  return `Minimum withdrawal: ${loopText(minWithdrawal)}`;
}

const DESTINATION_HINTS: Record<WithdrawalMethod, { label: string; placeholder: string }> = {
  crypto_eth: { label: "Ethereum address", placeholder: "0x…" },
  crypto_btc: { label: "Bitcoin address", placeholder: "bc1… or 1… / 3…" },
  crypto_usdc: { label: "Ethereum address for USDC", placeholder: "0x…" },
  crypto_usdt: { label: "Ethereum address for USDT", placeholder: "0x…" },
  loop: { label: "Wallet address for LOOP", placeholder: "0x…" },
};

/**
 * A member whose withdrawals are suspended (a second chargeback on their sales: docs/product.md#sale-hold)
 * is also told in the dialog, where the refusal stays while they read it, beside the toast.
 */
function withSuspensionShown<T>(
  handlers: { onSuccess: (result: T) => void; onError: (error: unknown) => void },
  show: (text: string) => void,
) {
  return {
    ...handlers,
    onError: (error: unknown) => {
      handlers.onError(error);
      const message = getServerMessage(error, "");
      if (message.startsWith(SUSPENDED_TITLE)) show(message);
    },
  };
}
const SUSPENDED_TITLE = WITHDRAWAL_MESSAGES.suspended.slice(0, WITHDRAWAL_MESSAGES.suspended.indexOf(":") + 1);

type Values = { amount: string; method: WithdrawalMethod | ""; destination: string };
const EMPTY: Values = { amount: "", method: "", destination: "" };

export interface WithdrawDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** LOOP that can be withdrawn now (8-decimal string: the balance's `withdrawable`), when loaded. */
  withdrawable: string | undefined;
  /** Promotional LOOP (never withdrawn), when loaded. */
  promotional?: string;
}

/**
 * Withdraw (docs/product.md#withdrawals, docs/product.md#validation): amount, method and destination (enabled once a method is chosen). The
 * dialog states the minimum of the platform settings (10 LOOP by default); the server enforces its
 * own current one and its message shows in the 'Withdrawal Failed' toast. Only withdrawable LOOP
 * can leave (issue 18): a member with promotional LOOP is told why it cannot be withdrawn.
 */
export function WithdrawDialog({ open, onOpenChange, withdrawable, promotional }: WithdrawDialogProps) {
  const { values, set, field, error, setError, reset } = useFormValues(EMPTY);
  const withdraw = useRequestWithdrawal();
  const submitWithdrawal = useKeyedSubmit(withdraw);
  const { minWithdrawal } = usePlatformSettings();

  const validate = (): string | null => {
    if (!values.amount.trim() || !values.method || !values.destination.trim()) return WITHDRAWAL_MESSAGES.missing;
    const parsed = loopAmountSchema.safeParse(values.amount);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? WITHDRAWAL_MESSAGES.missing;
    return outgoingRefusal(parseLoop(parsed.data), { withdrawable, promotional }, "withdraw", WITHDRAWAL_MESSAGES.insufficient);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    const refusal = validate();
    if (refusal || !values.method) return setError(refusal ?? WITHDRAWAL_MESSAGES.missing);
    submitWithdrawal(
      { amount: values.amount.trim(), method: values.method, destination: values.destination.trim() },
      withSuspensionShown(
        outcomeToasts({
          success: "Withdrawal Request Submitted",
          description: "Your withdrawal request has been submitted for processing!",
          failure: "Withdrawal Failed",
          fallback: WITHDRAWAL_FAILED_FALLBACK,
          then: () => {
            reset(EMPTY);
            onOpenChange(false);
          },
        }),
        setError,
      ),
    );
  };

  const hint = values.method ? DESTINATION_HINTS[values.method] : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Withdraw Tokens"
      icon={ArrowUpFromLine}
      description="Cash out your LOOP to crypto. An admin reviews each withdrawal: LOOP on chain is then sent by the vault, other crypto by the admin by hand. There is no fee: the platform pays the network fee."
      onSubmit={submit}
      error={error}
      pending={withdraw.isPending}
      submitLabel="Request Withdrawal"
      pendingLabel="Submitting..."
      submitIcon={ArrowUpFromLine}
    >
      <OutgoingAmountField
        id="withdraw-amount"
        value={values.amount}
        onChange={(amount) => set("amount", amount)}
        availableLabel="Available to withdraw"
        withdrawable={withdrawable}
        promotional={promotional}
        describedBy="withdraw-minimum"
      >
        <p id="withdraw-minimum" className="text-xs font-medium text-amber-200">
          {minimumWithdrawalText(minWithdrawal)}
        </p>
      </OutgoingAmountField>
      <SelectField
        id="withdraw-method"
        label="Withdrawal method"
        options={WITHDRAWAL_METHODS}
        optionLabels={METHOD_LABELS}
        placeholder="Select a method"
        {...field("method")}
      />
      <InputField
        id="withdraw-destination"
        label={hint?.label ?? "Destination address"}
        disabled={!values.method}
        autoComplete="off"
        spellCheck={false}
        placeholder={hint?.placeholder ?? "Choose a method first"}
        className="font-mono"
        {...field("destination")}
      />
    </FormDialog>
  );
}
