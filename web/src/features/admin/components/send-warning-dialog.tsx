import { WARNING_MESSAGE_MAX, WARNING_SEVERITIES, type WarningSeverity } from "@loop/rules/schemas/admin-users";
import { Loader2, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
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
  const [shownFor, setShownFor] = useState(user);
  if (user !== shownFor) {
    setShownFor(user);
    if (user) {
      setMessage("");
      setSeverity("medium");
    }
  }

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
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Warning</DialogTitle>
          <DialogDescription>{user ? `${user.username} gets the warning as a notification.` : null}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="warning-message">Message</Label>
            <Textarea id="warning-message" value={message} maxLength={WARNING_MESSAGE_MAX} onChange={(event) => setMessage(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="warning-severity">Severity</Label>
            <NativeSelect id="warning-severity" value={severity} onChange={(event) => setSeverity(event.target.value as WarningSeverity)}>
              {WARNING_SEVERITIES.map((value) => (
                <option key={value} value={value}>
                  {SEVERITY_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSend}>
              {warn.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <TriangleAlert aria-hidden />}
              Send Warning
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
