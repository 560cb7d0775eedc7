import type { LucideIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useResetOnOpen } from "@/lib/use-reset-on-open";

/** The reason as it is sent, or the message that refuses it. */
export type ReasonCheck = { ok: true; reason: string } | { ok: false; message: string };

const trimmed = (reason: string): ReasonCheck => ({ ok: true, reason: reason.trim() });

export interface ReasonDialogProps<T> {
  /** What the reason is for (a user, a loop, an order); null: closed. Each opening starts empty. */
  subject: T | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The reason field's id. */
  fieldId: string;
  maxLength: number;
  submitLabel: string;
  submitIcon: LucideIcon;
  pending: boolean;
  /** Checks the typed reason (default: trimmed); a refusal shows in the dialog. */
  check?: (reason: string) => ReasonCheck;
  onSubmit: (subject: T, reason: string) => void;
}

/** An admin action that needs a reason (ban, hide, reject): the reason is required, the action is destructive. */
export function ReasonDialog<T>({
  subject,
  onOpenChange,
  fieldId,
  maxLength,
  pending,
  check = trimmed,
  onSubmit,
  ...dialog
}: ReasonDialogProps<T>) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  useResetOnOpen(subject, () => {
    setReason("");
    setError(null);
  });

  const empty = reason.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (subject === null || pending || empty) return;
    const checked = check(reason);
    if (checked.ok) onSubmit(subject, checked.reason);
    else setError(checked.message);
  };

  return (
    <FormDialog
      open={subject !== null}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      error={error}
      pending={pending}
      submitDisabled={empty}
      submitVariant="destructive"
      {...dialog}
    >
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>Reason</Label>
        <Textarea
          id={fieldId}
          value={reason}
          maxLength={maxLength}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
      </div>
    </FormDialog>
  );
}
