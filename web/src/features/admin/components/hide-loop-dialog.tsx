import { HIDE_REASON_MAX } from "@loop/rules/schemas/admin-loops";
import { EyeOff, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useSetLoopModeration } from "../api/set-loop-moderation";
import { failureToast, successToast } from "../lib/failure-toast";

export const MODERATION_FAILED_TEXT = "Failed to update the loop.";

export interface HideLoopDialogProps {
  /** The loop to hide; null: closed. */
  loop: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Hide Loop: takes a loop out of the catalog, search and profiles; the reason is sent to its creator. */
export function HideLoopDialog({ loop, onOpenChange }: HideLoopDialogProps) {
  const [reason, setReason] = useState("");
  const moderate = useSetLoopModeration();

  // A dialog opened for another loop starts empty.
  const [shownFor, setShownFor] = useState(loop);
  if (loop !== shownFor) {
    setShownFor(loop);
    if (loop) setReason("");
  }

  const canHide = reason.trim() !== "" && !moderate.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loop || !canHide) return;
    moderate.mutate(
      { loopId: loop.id, hidden: true, reason: reason.trim() },
      {
        onSuccess: () => {
          successToast("Loop Hidden", `"${loop.title}" no longer appears in the catalog.`);
          onOpenChange(false);
        },
        onError: (caught) => failureToast("Update Failed", caught, MODERATION_FAILED_TEXT),
      },
    );
  };

  return (
    <Dialog open={loop !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Hide Loop</DialogTitle>
          <DialogDescription>
            {loop ? `"${loop.title}" leaves the catalog, search and profiles; its buyers keep their downloads. The creator is told the reason.` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="hide-reason">Reason</Label>
            <Textarea id="hide-reason" value={reason} maxLength={HIDE_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!canHide}>
              {moderate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <EyeOff aria-hidden />}
              Hide
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
