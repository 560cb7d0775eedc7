import { TOKEN_MESSAGES, TRANSFER_DESCRIPTION_MAX, transferRequestSchema } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useTransferTokens } from "../api/transfer-tokens";
import { useSubmissionKey } from "@/lib/idempotent-post";
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
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const transfer = useTransferTokens();
  const submission = useSubmissionKey();

  const set = (name: keyof typeof EMPTY, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setError(null);
  };

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
    if (refusal) {
      setError(refusal);
      return;
    }
    const body = { toUserId: values.toUserId.trim(), amount: values.amount.trim(), description: values.description.trim() };
    transfer.mutate(
      { ...body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.settle(null);
          toast({ title: "Transfer Successful", description: "Tokens transferred successfully!", variant: "success" });
          setValues(EMPTY);
          setError(null);
          onOpenChange(false);
        },
        onError: (caught) => {
          submission.settle(caught);
          toast({ title: "Transfer Failed", description: getServerMessage(caught, TRANSFER_FAILED_FALLBACK), variant: "destructive" });
        },
      },
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
      <FormField id="send-recipient" label="Recipient ID">
        <Input
          id="send-recipient"
          value={values.toUserId}
          autoComplete="off"
          spellCheck={false}
          placeholder="The recipient's wallet ID"
          onChange={(event) => set("toUserId", event.target.value)}
        />
      </FormField>
      <OutgoingAmountField
        id="send-amount"
        value={values.amount}
        onChange={(amount) => set("amount", amount)}
        availableLabel="Available to send"
        withdrawable={withdrawable}
        promotional={promotional}
      />
      <FormField id="send-description" label="Message (optional)">
        <Textarea
          id="send-description"
          value={values.description}
          maxLength={TRANSFER_DESCRIPTION_MAX}
          rows={2}
          placeholder="What is it for?"
          onChange={(event) => set("description", event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
