import { adminNotificationSchema, type NotificationType } from "@loop/rules/schemas/notifications";
import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { NotificationTypeField } from "@/components/notification-type-field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField, InputField, TextareaField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { outcomeToasts } from "@/lib/outcome-toasts";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useSendAdminNotification } from "../api/send-admin-notification";

export const NOTIFICATION_FAILED_TEXT = "Failed to send notification. Please try again.";

/** The dialog's subject when it is open for all users. */
const ALL_USERS = "all";

export interface NotificationRecipient {
  id: string;
  username: string;
}

type Values = { userId: string; title: string; message: string; type: NotificationType; actionUrl: string; actionText: string };

const emptyValues = (recipient: NotificationRecipient | null): Values => ({
  userId: recipient?.id ?? "all",
  title: "",
  message: "",
  type: "info",
  actionUrl: "",
  actionText: "",
});

export interface SendNotificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user chosen in the Users tab; null: all users. */
  recipient: NotificationRecipient | null;
}

/**
 * Send Notification (docs/product.md#admin-dashboard, docs/product.md#validation): to all users or to the chosen one; title, message, type and an
 * optional button (URL + text). Send is enabled once title and message are filled in.
 */
export function SendNotificationDialog({ open, onOpenChange, recipient }: SendNotificationDialogProps) {
  const { values, set, field, error, setError, reset } = useFormValues<Values>(() => emptyValues(recipient));
  const send = useSendAdminNotification();

  // Each opening (for all users or another user) starts over.
  useResetOnOpen(open ? (recipient ?? ALL_USERS) : null, () => reset(emptyValues(recipient)));

  const canSend = values.title.trim() !== "" && values.message.trim() !== "" && !send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const parsed = adminNotificationSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? NOTIFICATION_FAILED_TEXT);
    send.mutate(
      parsed.data,
      outcomeToasts({
        success: "Notification Sent",
        description: (answer) =>
          answer.recipient === "all"
            ? "Your notification is being sent to all users."
            : `Your notification was sent to ${recipient?.username ?? "the user"}.`,
        failure: "Failed to Send",
        fallback: NOTIFICATION_FAILED_TEXT,
        then: () => onOpenChange(false),
      }),
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title="Send Notification"
      description="It appears in the recipients' notification bell."
      onSubmit={submit}
      error={error}
      pending={send.isPending}
      submitDisabled={!canSend}
      submitLabel="Send"
      submitIcon={Send}
    >
      <FormField id="notify-recipient" label="Recipient">
        <NativeSelect id="notify-recipient" value={values.userId} onChange={(event) => set("userId", event.target.value)}>
          <option value="all">All users</option>
          {recipient ? <option value={recipient.id}>{recipient.username}</option> : null}
        </NativeSelect>
      </FormField>
      <InputField id="notify-title" label="Title" maxLength={120} {...field("title")} />
      <TextareaField id="notify-message" label="Message" maxLength={1000} {...field("message")} />
      <NotificationTypeField id="notify-type" {...field("type")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="notify-action-url" label="Button URL (optional)" type="url" placeholder="https://…" {...field("actionUrl")} />
        <InputField id="notify-action-text" label="Button text (optional)" maxLength={40} {...field("actionText")} />
      </div>
    </FormDialog>
  );
}
