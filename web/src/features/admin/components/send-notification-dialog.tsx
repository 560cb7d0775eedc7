import { adminNotificationSchema, type NotificationType } from "@loop/rules/schemas/notifications";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { NotificationTypeField } from "@/components/notification-type-field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useResetOnOpen } from "@/lib/use-reset-on-open";
import { useSendAdminNotification } from "../api/send-admin-notification";
import { failureToast, successToast } from "../lib/failure-toast";

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
  const [values, setValues] = useState<Values>(() => emptyValues(recipient));
  const [error, setError] = useState<string | null>(null);
  const send = useSendAdminNotification();

  // Each opening (for all users or another user) starts over.
  useResetOnOpen(open ? (recipient ?? ALL_USERS) : null, () => {
    setValues(emptyValues(recipient));
    setError(null);
  });

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setError(null);
  };

  const canSend = values.title.trim() !== "" && values.message.trim() !== "" && !send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const parsed = adminNotificationSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NOTIFICATION_FAILED_TEXT);
      return;
    }
    const body = parsed.data;
    send.mutate(body, {
      onSuccess: (answer) => {
        successToast(
          "Notification Sent",
          answer.recipient === "all"
            ? "Your notification is being sent to all users."
            : `Your notification was sent to ${recipient?.username ?? "the user"}.`,
        );
        onOpenChange(false);
      },
      onError: (caught) => failureToast("Failed to Send", caught, NOTIFICATION_FAILED_TEXT),
    });
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
      <FormField id="notify-title" label="Title">
        <Input id="notify-title" value={values.title} maxLength={120} onChange={(event) => set("title", event.target.value)} />
      </FormField>
      <FormField id="notify-message" label="Message">
        <Textarea id="notify-message" value={values.message} maxLength={1000} onChange={(event) => set("message", event.target.value)} />
      </FormField>
      <NotificationTypeField id="notify-type" value={values.type} onValueChange={(type) => set("type", type)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="notify-action-url" label="Button URL (optional)">
          <Input
            id="notify-action-url"
            type="url"
            placeholder="https://…"
            value={values.actionUrl}
            onChange={(event) => set("actionUrl", event.target.value)}
          />
        </FormField>
        <FormField id="notify-action-text" label="Button text (optional)">
          <Input
            id="notify-action-text"
            value={values.actionText}
            maxLength={40}
            onChange={(event) => set("actionText", event.target.value)}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
