import { WARNING_MESSAGE_MAX, WARNING_SEVERITIES, type WarningSeverity } from "@loop/rules/schemas/admin-users";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField, SelectField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useSendUserWarning } from "../api/send-user-warning";
import { failureToast, successToast } from "../lib/failure-toast";

export const WARNING_FAILED_TEXT = "Failed to send warning.";

const SEVERITY_LABELS: Record<WarningSeverity, string> = { low: "Low", medium: "Medium", high: "High" };

export interface SendWarningDialogProps {
  /** The user to warn; null: closed. */
  user: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Send Warning (docs/product.md#admin-dashboard, docs/product.md#validation): message (required) and severity low / medium / high. */
export function SendWarningDialog({ user, onOpenChange }: SendWarningDialogProps) {
  const [message, setMessage] = useState("");
  const [severity, setSeverity] = useState<WarningSeverity>("medium");
  const warn = useSendUserWarning();

  // A dialog opened for another user starts empty.
  useResetOnOpen(user, () => {
    setMessage("");
    setSeverity("medium");
  });

  const canSend = message.trim() !== "" && !warn.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !canSend) return;
    warn.mutate(
      { userId: user.id, message: message.trim(), severity },
      {
        onSuccess: () => {
          successToast("Warning Sent", `${user.username} has been warned.`);
          onOpenChange(false);
        },
        onError: (caught) => failureToast("Send Failed", caught, WARNING_FAILED_TEXT),
      },
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
      <FormField id="warning-message" label="Message">
        <Textarea
          id="warning-message"
          value={message}
          maxLength={WARNING_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      <SelectField
        id="warning-severity"
        label="Severity"
        value={severity}
        options={WARNING_SEVERITIES}
        optionLabels={SEVERITY_LABELS}
        onValueChange={setSeverity}
      />
    </FormDialog>
  );
}
