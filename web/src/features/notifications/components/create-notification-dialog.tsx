import {
  createNotificationSchema,
  NOTIFICATION_ACTION_TEXT_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
  type NotificationType,
} from "@loop/rules/schemas/notifications";
import { BellPlus, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateNotification } from "../api/create-notification";

export const CREATE_FAILED_TITLE = "Failed to Create Notification";
export const CREATE_FAILED_FALLBACK = "The notification could not be created. Please try again.";
export const CREATED_TITLE = "Notification Created";

const TYPE_LABELS: Record<NotificationType, string> = { info: "Info", success: "Success", warning: "Warning", error: "Error" };

type Values = { title: string; message: string; type: NotificationType; actionUrl: string; actionText: string };
type Field = keyof Values;
const EMPTY: Values = { title: "", message: "", type: "info", actionUrl: "", actionText: "" };

export interface CreateNotificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Create Notification (docs/product.md#notifications, docs/product.md#notifications): a notification to oneself. Checked with the server's schema
 * before sending: 'Title is required', 'Message is required', the button URL must be an http(s)
 * address; blank optional fields are dropped.
 */
export function CreateNotificationDialog({ open, onOpenChange }: CreateNotificationDialogProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateNotification();

  const set = (name: Field, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createNotificationSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({ title: CREATED_TITLE, description: `"${created.title}" is in your notifications.`, variant: "success" });
        setValues(EMPTY);
        setErrors({});
        onOpenChange(false);
      },
      onError: (caught) => {
        toast({ title: CREATE_FAILED_TITLE, description: getServerMessage(caught, CREATE_FAILED_FALLBACK), variant: "destructive" });
      },
    });
  };

  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`notification-${name}-error`} role="alert" className="text-sm text-rose-300">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: Field) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `notification-${name}-error` } : {});

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <BellPlus className="size-5 text-primary" aria-hidden />
            Create Notification
          </DialogTitle>
          <DialogDescription>Add a notification to your bell, with an optional button that opens a link.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="notification-title">Title</Label>
            <Input
              id="notification-title"
              autoComplete="off"
              maxLength={NOTIFICATION_TITLE_MAX}
              value={values.title}
              onChange={(event) => set("title", event.target.value)}
              {...described("title")}
            />
            {fieldError("title")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notification-message">Message</Label>
            <Textarea
              id="notification-message"
              rows={3}
              maxLength={NOTIFICATION_MESSAGE_MAX}
              value={values.message}
              onChange={(event) => set("message", event.target.value)}
              {...described("message")}
            />
            {fieldError("message")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notification-type">Type</Label>
            <NativeSelect id="notification-type" value={values.type} onChange={(event) => set("type", event.target.value)} {...described("type")}>
              {NOTIFICATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
            {fieldError("type")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notification-action-url">Button URL (optional)</Label>
            <Input
              id="notification-action-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              value={values.actionUrl}
              onChange={(event) => set("actionUrl", event.target.value)}
              {...described("actionUrl")}
            />
            {fieldError("actionUrl")}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="notification-action-text">Button text (optional)</Label>
            <Input
              id="notification-action-text"
              autoComplete="off"
              maxLength={NOTIFICATION_ACTION_TEXT_MAX}
              value={values.actionText}
              onChange={(event) => set("actionText", event.target.value)}
              {...described("actionText")}
            />
            {fieldError("actionText")}
          </div>
          <div className="flex justify-end gap-2 pt-1">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Create Notification
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
