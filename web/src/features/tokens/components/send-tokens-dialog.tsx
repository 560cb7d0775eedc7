import { TOKEN_MESSAGES, TRANSFER_DESCRIPTION_MAX, transferRequestSchema } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField } from "@/components/ui/form-field";
import { useKeyedSubmit } from "@/lib/idempotent-post";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import type { UserLookupEntry } from "../api/lookup-users";
import { useTransferTokens } from "../api/transfer-tokens";
import { outgoingRefusal } from "./balance-parts";
import { OutgoingAmountField } from "./outgoing-amount-field";
import { RecipientCard } from "./recipient-card";
import { RecipientCombobox } from "./recipient-combobox";

export const TRANSFER_FAILED_FALLBACK = "Failed to transfer tokens";

export const PICK_RECIPIENT_HINT = "Type a username or paste an account ID, then pick the member: nothing can be sent until you do.";

interface SendValues {
  /** The member picked in the lookup (issue 37); the transfer goes to their id. */
  recipient: UserLookupEntry | null;
  amount: string;
  description: string;
}

const EMPTY: SendValues = { recipient: null, amount: "", description: "" };

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
 * Send Tokens (docs/product.md#transfers, docs/product.md#validation): the recipient, found by username
 * or account id and shown in a "You are sending to" card once picked (issue 37), amount and an optional message.
 * Checks the spec's rules before sending; the server checks them again. Only withdrawable LOOP can
 * be sent (issue 18): a member with promotional LOOP is told why it cannot be.
 */
export function SendTokensDialog({ open, onOpenChange, userId, withdrawable, promotional }: SendTokensDialogProps) {
  const { values, set, field, error, setError, reset } = useFormValues(EMPTY);
  const transfer = useTransferTokens();
  const submitTransfer = useKeyedSubmit(transfer);
  // "Change" puts the focus back in the lookup, a pick on the card's Change button (not on the first opening).
  const [focusPicker, setFocusPicker] = useState(false);
  const { recipient } = values;

  const validate = (): string | null => {
    const parsed = transferRequestSchema.safeParse({ ...values, toUserId: recipient?.id ?? "" });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? TOKEN_MESSAGES.missing;
    if (parsed.data.toUserId === userId) return TOKEN_MESSAGES.selfTransfer;
    return outgoingRefusal(parseLoop(parsed.data.amount), { withdrawable, promotional }, "send", TOKEN_MESSAGES.insufficient);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const refusal = validate();
    if (refusal) return setError(refusal);
    if (!recipient) return;
    submitTransfer(
      { toUserId: recipient.id.trim(), amount: values.amount.trim(), description: values.description.trim() },
      outcomeToasts({
        success: "Transfer Successful",
        description: "Tokens transferred successfully!",
        failure: "Transfer Failed",
        fallback: TRANSFER_FAILED_FALLBACK,
        then: () => {
          reset(EMPTY);
          setFocusPicker(false);
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
      description="Send LOOP to another member: find them by username or paste their account ID. Transfers are instant and cannot be reversed."
      onSubmit={submit}
      error={error}
      pending={transfer.isPending}
      submitLabel="Send Tokens"
      pendingLabel="Sending..."
      submitIcon={Send}
      submitDisabled={!recipient}
    >
      {recipient ? (
        <RecipientCard
          recipient={recipient}
          focusOnMount={!focusPicker}
          disabled={transfer.isPending}
          onChange={() => {
            setFocusPicker(true);
            set("recipient", null);
          }}
        />
      ) : (
        <div className="grid gap-1.5">
          <RecipientCombobox
            id="send-recipient"
            label="Recipient"
            describedBy="send-recipient-hint"
            focusOnMount={focusPicker}
            onPick={(user) => {
              setFocusPicker(false);
              set("recipient", user);
            }}
          />
          <p id="send-recipient-hint" className="text-xs text-muted-foreground">
            {PICK_RECIPIENT_HINT}
          </p>
        </div>
      )}
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
