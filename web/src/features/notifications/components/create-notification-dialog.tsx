import {
  createNotificationSchema,
  NOTIFICATION_ACTION_TEXT_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationType,
} from "@loop/rules/schemas/notifications";
import { BellPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { NotificationTypeField } from "@/components/notification-type-field";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, TextareaField } from "@/components/ui/form-field";
import { failureToast, successToast } from "@/lib/outcome-toasts";
import { useCreateNotification } from "../api/create-notification";

export const CREATE_FAILED_TITLE = "Failed to Create Notification";
export const CREATE_FAILED_FALLBACK = "The notification could not be created. Please try again.";
export const CREATED_TITLE = "Notification Created";

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
        successToast(CREATED_TITLE, `"${created.title}" is in your notifications.`);
        setValues(EMPTY);
        setErrors({});
        onOpenChange(false);
      },
      onError: (caught) => {
        failureToast(CREATE_FAILED_TITLE, caught, CREATE_FAILED_FALLBACK);
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
  /** A text field's value, change handler and invalid mark. */
  const bind = (name: Exclude<Field, "type">) => ({
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    ...described(name),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92dvh] overflow-y-auto"
      title="Create Notification"
      icon={BellPlus}
      description="Add a notification to your bell, with an optional button that opens a link."
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Create Notification"
      cancelVariant="outline"
      footerClassName="pt-1"
    >
      <InputField id="notification-title" label="Title" autoComplete="off" maxLength={NOTIFICATION_TITLE_MAX} {...bind("title")}>
        {fieldError("title")}
      </InputField>
      <TextareaField id="notification-message" label="Message" rows={3} maxLength={NOTIFICATION_MESSAGE_MAX} {...bind("message")}>
        {fieldError("message")}
      </TextareaField>
      <NotificationTypeField id="notification-type" value={values.type} onValueChange={(type) => set("type", type)} {...described("type")}>
        {fieldError("type")}
      </NotificationTypeField>
      <InputField
        id="notification-action-url"
        label="Button URL (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        {...bind("actionUrl")}
      >
        {fieldError("actionUrl")}
      </InputField>
      <InputField
        id="notification-action-text"
        label="Button text (optional)"
        autoComplete="off"
        maxLength={NOTIFICATION_ACTION_TEXT_MAX}
        {...bind("actionText")}
      >
        {fieldError("actionText")}
      </InputField>
    </FormDialog>
  );
}
