import { WARNING_MESSAGE_MAX, WARNING_SEVERITIES, type WarningSeverity } from "@loop/rules/schemas/admin-users";
import { TriangleAlert } from "lucide-react";
import type { FormEvent } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { SelectField, TextareaField } from "@/components/ui/form-field";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useSendUserWarning } from "../api/send-user-warning";

export const WARNING_FAILED_TEXT = "Failed to send warning.";

const SEVERITY_LABELS: Record<WarningSeverity, string> = { low: "Low", medium: "Medium", high: "High" };

type Values = { message: string; severity: WarningSeverity };
const EMPTY: Values = { message: "", severity: "medium" };

export interface SendWarningDialogProps {
  /** The user to warn; null: closed. */
  user: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Send Warning (docs/product.md#admin-dashboard, docs/product.md#validation): message (required) and severity low / medium / high. */
export function SendWarningDialog({ user, onOpenChange }: SendWarningDialogProps) {
  const { values, field, reset } = useFormValues(EMPTY);
  const warn = useSendUserWarning();

  // A dialog opened for another user starts empty.
  useResetOnOpen(user, () => reset(EMPTY));

  const canSend = values.message.trim() !== "" && !warn.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !canSend) return;
    warn.mutate(
      { userId: user.id, message: values.message.trim(), severity: values.severity },
      outcomeToasts({
        success: "Warning Sent",
        description: `${user.username} has been warned.`,
        failure: "Send Failed",
        fallback: WARNING_FAILED_TEXT,
        then: () => onOpenChange(false),
      }),
    );
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Send Warning"
      description={user ? `${user.username} gets the warning as a notification.` : null}
      onSubmit={submit}
      pending={warn.isPending}
      submitDisabled={!canSend}
      submitLabel="Send Warning"
      submitIcon={TriangleAlert}
    >
      <TextareaField id="warning-message" label="Message" maxLength={WARNING_MESSAGE_MAX} {...field("message")} />
      <SelectField
        id="warning-severity"
        label="Severity"
        options={WARNING_SEVERITIES}
        optionLabels={SEVERITY_LABELS}
        {...field("severity")}
      />
    </FormDialog>
  );
}
