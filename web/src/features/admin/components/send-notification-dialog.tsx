import { adminNotificationSchema, NOTIFICATION_TYPES, type NotificationType } from "@loop/rules/schemas/notifications";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useSendAdminNotification } from "../api/send-admin-notification";
import { failureToast, successToast } from "../lib/failure-toast";

export const NOTIFICATION_FAILED_TEXT = "Failed to send notification. Please try again.";

const TYPE_LABELS: Record<NotificationType, string> = { info: "Info", success: "Success", warning: "Warning", error: "Error" };

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
  const [shownFor, setShownFor] = useState({ open, recipient });
  if (open !== shownFor.open || recipient !== shownFor.recipient) {
    setShownFor({ open, recipient });
    if (open) {
      setValues(emptyValues(recipient));
      setError(null);
    }
  }

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
          answer.recipient === "all" ? "Your notification is being sent to all users." : `Your notification was sent to ${recipient?.username ?? "the user"}.`,
        );
        onOpenChange(false);
      },
      onError: (caught) => failureToast("Failed to Send", caught, NOTIFICATION_FAILED_TEXT),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Notification</DialogTitle>
          <DialogDescription>It appears in the recipients' notification bell.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="notify-recipient">Recipient</Label>
            <NativeSelect id="notify-recipient" value={values.userId} onChange={(event) => set("userId", event.target.value)}>
              <option value="all">All users</option>
              {recipient ? <option value={recipient.id}>{recipient.username}</option> : null}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notify-title">Title</Label>
            <Input id="notify-title" value={values.title} maxLength={120} onChange={(event) => set("title", event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notify-message">Message</Label>
            <Textarea id="notify-message" value={values.message} maxLength={1000} onChange={(event) => set("message", event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notify-type">Type</Label>
            <NativeSelect id="notify-type" value={values.type} onChange={(event) => set("type", event.target.value as NotificationType)}>
              {NOTIFICATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="notify-action-url">Button URL (optional)</Label>
              <Input id="notify-action-url" type="url" placeholder="https://…" value={values.actionUrl} onChange={(event) => set("actionUrl", event.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="notify-action-text">Button text (optional)</Label>
              <Input id="notify-action-text" value={values.actionText} maxLength={40} onChange={(event) => set("actionText", event.target.value)} />
            </div>
          </div>
          {error ? <FormAlert message={error} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSend}>
              {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              Send
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
