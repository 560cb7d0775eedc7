import { TOKEN_MESSAGES, TRANSFER_DESCRIPTION_MAX, transferRequestSchema } from "@loop/rules/schemas/tokens";
import { parseLoop } from "@loop/rules/units";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useTransferTokens } from "../api/transfer-tokens";
import { loopToUsd } from "@/lib/loop-amounts";
import { useSubmissionKey } from "@/lib/idempotent-post";
import { FormAlert } from "@/components/ui/form-alert";
import { OutgoingAvailable, outgoingRefusal } from "./balance-parts";

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

  const usd = parseLoop(values.amount) !== null ? loopToUsd(values.amount) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Send className="size-5 text-primary" aria-hidden />
            Send Tokens
          </DialogTitle>
          <DialogDescription>Send LOOP to another user by their wallet ID. Transfers are instant and cannot be reversed.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="send-recipient">Recipient ID</Label>
            <Input
              id="send-recipient"
              value={values.toUserId}
              autoComplete="off"
              spellCheck={false}
              placeholder="The recipient's wallet ID"
              onChange={(event) => set("toUserId", event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="send-amount">Amount (LOOP)</Label>
            <Input
              id="send-amount"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.00000001"
              value={values.amount}
              placeholder="0.00000000"
              onChange={(event) => set("amount", event.target.value)}
            />
            <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <OutgoingAvailable label="Available to send" withdrawable={withdrawable} promotional={promotional} />
              {usd ? <span>≈ {usd} USD</span> : null}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="send-description">Message (optional)</Label>
            <Textarea
              id="send-description"
              value={values.description}
              maxLength={TRANSFER_DESCRIPTION_MAX}
              rows={2}
              placeholder="What is it for?"
              onChange={(event) => set("description", event.target.value)}
            />
          </div>
          {error ? <FormAlert message={error} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={transfer.isPending}>
              {transfer.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {transfer.isPending ? "Sending..." : "Send Tokens"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
