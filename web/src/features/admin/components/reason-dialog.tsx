import type { LucideIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import type { ButtonProps } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { updateToasts } from "../lib/update-toasts";

/** The reason as it is sent, or the message that refuses it. */
export type ReasonCheck = { ok: true; reason: string } | { ok: false; message: string };

const trimmed = (reason: string): ReasonCheck => ({ ok: true, reason: reason.trim() });

/** The admin action's mutation (a TanStack `useMutation` result fits). */
export interface ReasonMutation<V> {
  isPending: boolean;
  mutate: (variables: V, handlers: { onSuccess: (result: unknown) => void; onError: (error: Error) => void }) => void;
}

export interface ReasonDialogProps<T, V> {
  /** What the reason is for (a user, a loop, an order); null: closed. Each opening starts empty. */
  subject: T | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The reason field's id. */
  fieldId: string;
  /** The reason field's label (default: "Reason"). */
  label?: string;
  maxLength: number;
  submitLabel: string;
  submitIcon: LucideIcon;
  /** The submit button's variant (default: destructive). */
  submitVariant?: ButtonProps["variant"];
  /** Checks the typed reason (default: trimmed); a refusal shows in the dialog. */
  check?: (reason: string) => ReasonCheck;
  mutation: ReasonMutation<V>;
  /** The mutation's variables for the subject and the checked reason. */
  variables: (subject: T, reason: string) => V;
  /** The success toast: its title and text; the dialog then closes. */
  succeeded: (subject: T) => readonly [title: string, description: string];
  /** The 'Update Failed' toast's text when the server gives no message. */
  failedText: string;
}

/**
 * An admin action that needs a reason (ban, hide, reject) or a note (resolve): it is required, the
 * action destructive unless told otherwise; its outcome is told in a toast, and a success closes the dialog.
 */
export function ReasonDialog<T, V>({
  subject,
  onOpenChange,
  fieldId,
  label = "Reason",
  maxLength,
  submitVariant = "destructive",
  check = trimmed,
  mutation,
  variables,
  succeeded,
  failedText,
  ...dialog
}: ReasonDialogProps<T, V>) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  useResetOnOpen(subject, () => {
    setReason("");
    setError(null);
  });

  const empty = reason.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (subject === null || mutation.isPending || empty) return;
    const checked = check(reason);
    if (!checked.ok) return setError(checked.message);
    const [success, description] = succeeded(subject);
    mutation.mutate(
      variables(subject, checked.reason),
      updateToasts(success, description, failedText, () => onOpenChange(false)),
    );
  };

  return (
    <FormDialog
      open={subject !== null}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      error={error}
      pending={mutation.isPending}
      submitDisabled={empty}
      submitVariant={submitVariant}
      {...dialog}
    >
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{label}</Label>
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
