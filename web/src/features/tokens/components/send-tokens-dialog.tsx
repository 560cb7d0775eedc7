import { TOKEN_MESSAGES, TRANSFER_DESCRIPTION_MAX, transferRequestSchema } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, TextareaField } from "@/components/ui/form-field";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { useTransferTokens } from "../api/transfer-tokens";
import { outgoingRefusal } from "./balance-parts";
import { OutgoingAmountField } from "./outgoing-amount-field";

export const TRANSFER_FAILED_FALLBACK = "Failed to transfer tokens";

const EMPTY = { toUserId: "", amount: "", description: "" };

export interface SendTokensDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The viewer's user id (a transfer to oneself is refused). */
  userId: string;
  /** LOOP that can be sent now (8-decimal string: the balance's `withdrawable`), when loaded. */
  withdrawable: string | undefined;
  /** Promotional LOOP (never sent), when loaded. */
  promotional?: string;
}

/**
 * Send Tokens (docs/product.md#transfers, docs/product.md#validation): recipient ID (their wallet ID), amount and an optional message.
 * Checks the spec's rules before sending; the server checks them again. Only withdrawable LOOP can
 * be sent (issue 18): a member with promotional LOOP is told why it cannot be.
 */
export function SendTokensDialog({ open, onOpenChange, userId, withdrawable, promotional }: SendTokensDialogProps) {
  const { values, set, field, error, setError, reset } = useFormValues(EMPTY);
  const transfer = useTransferTokens();
  const submitTransfer = useKeyedSubmit(transfer);

  const validate = (): string | null => {
    const parsed = transferRequestSchema.safeParse(values);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? TOKEN_MESSAGES.missing;
    if (parsed.data.toUserId === userId) return TOKEN_MESSAGES.selfTransfer;
    return outgoingRefusal(parseLoop(parsed.data.amount), { withdrawable, promotional }, "send", TOKEN_MESSAGES.insufficient);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const refusal = validate();
    if (refusal) return setError(refusal);
    submitTransfer(
      { toUserId: values.toUserId.trim(), amount: values.amount.trim(), description: values.description.trim() },
      outcomeToasts({
        success: "Transfer Successful",
        description: "Tokens transferred successfully!",
        failure: "Transfer Failed",
        fallback: TRANSFER_FAILED_FALLBACK,
        then: () => {
          reset(EMPTY);
          onOpenChange(false);
        },
      }),
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Tokens"
      icon={Send}
      description="Send LOOP to another user by their wallet ID. Transfers are instant and cannot be reversed."
      onSubmit={submit}
      error={error}
      pending={transfer.isPending}
      submitLabel="Send Tokens"
      pendingLabel="Sending..."
      submitIcon={Send}
    >
      <InputField
        id="send-recipient"
        label="Recipient ID"
        autoComplete="off"
        spellCheck={false}
        placeholder="The recipient's wallet ID"
        {...field("toUserId")}
      />
      <OutgoingAmountField
        id="send-amount"
        value={values.amount}
        onChange={(amount) => set("amount", amount)}
        availableLabel="Available to send"
        withdrawable={withdrawable}
        promotional={promotional}
      />
      <TextareaField
        id="send-description"
        label="Message (optional)"
        maxLength={TRANSFER_DESCRIPTION_MAX}
        rows={2}
        placeholder="What is it for?"
        {...field("description")}
      />
    </FormDialog>
  );
}
