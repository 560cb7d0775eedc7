import { BAN_REASON_MAX } from "@loop/rules/schemas/admin-users";
import { Ban, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useSetUserBan } from "../api/set-user-ban";
import { failureToast, successToast } from "../lib/failure-toast";

export const BAN_FAILED_TEXT = "Failed to update ban status.";

export interface BanUserDialogProps {
  /** The user to ban; null: closed. */
  user: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Ban User (docs/product.md#admin-dashboard, docs/product.md#validation): a reason is required; Ban is enabled once one is typed. */
export function BanUserDialog({ user, onOpenChange }: BanUserDialogProps) {
  const [reason, setReason] = useState("");
  const ban = useSetUserBan();

  // A dialog opened for another user starts empty.
  const [shownFor, setShownFor] = useState(user);
  if (user !== shownFor) {
    setShownFor(user);
    if (user) setReason("");
  }

  const canBan = reason.trim() !== "" && !ban.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !canBan) return;
    ban.mutate(
      { userId: user.id, isBanned: true, banReason: reason.trim() },
      {
        onSuccess: () => {
          successToast("User Status Updated", `${user.username} has been banned.`);
          onOpenChange(false);
        },
        onError: (caught) => failureToast("Update Failed", caught, BAN_FAILED_TEXT),
      },
    );
  };

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ban User</DialogTitle>
          <DialogDescription>
            {user ? `${user.username} is refused everything from their next request on, and told the reason.` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="ban-reason">Reason</Label>
            <Textarea id="ban-reason" value={reason} maxLength={BAN_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!canBan}>
              {ban.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
              Ban
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
