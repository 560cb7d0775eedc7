import { NOTIFICATION_TYPES, type NotificationType } from "@loop/rules/schemas/notifications";
import { SelectField, type SelectFieldProps } from "@/components/ui/form-field";

const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = { info: "Info", success: "Success", warning: "Warning", error: "Error" };

/** The notification forms' "Type" select (info, success, warning, error). */
export function NotificationTypeField(props: Omit<SelectFieldProps<NotificationType>, "label" | "options" | "optionLabels">) {
  return <SelectField label="Type" options={NOTIFICATION_TYPES} optionLabels={NOTIFICATION_TYPE_LABELS} {...props} />;
}
