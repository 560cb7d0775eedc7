import { REJECTION_REASON_MAX, rejectTokenOrderSchema } from "@loop/rules/schemas/token-orders";
import { Loader2, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useRejectTokenOrder } from "../api/reject-token-order";
import { failureToast, successToast } from "../lib/failure-toast";

export const ORDER_UPDATE_FAILED_TEXT = "Failed to update the token order.";

export interface RejectOrderDialogProps {
  /** The order to reject; null: closed. */
  order: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Reject a token order with a reason (the buyer is told it). */
export function RejectOrderDialog({ order, onOpenChange }: RejectOrderDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectTokenOrder();

  // A dialog opened for another order starts empty.
  const [shownFor, setShownFor] = useState(order);
  if (order !== shownFor) {
    setShownFor(order);
    if (order) {
      setReason("");
      setError(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order || reject.isPending) return;
    const parsed = rejectTokenOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    reject.mutate(
      { orderId: order.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          successToast("Order Rejected", `${order.username}'s order was rejected.`);
          onOpenChange(false);
        },
        onError: (caught) => failureToast("Update Failed", caught, ORDER_UPDATE_FAILED_TEXT),
      },
    );
  };

  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject Order</DialogTitle>
          <DialogDescription>{order ? `${order.username} is told the reason.` : null}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="reject-reason">Reason</Label>
            <Textarea
              id="reject-reason"
              value={reason}
              maxLength={REJECTION_REASON_MAX}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
          </div>
          {error ? <FormAlert message={error} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending || reason.trim() === ""}>
              {reject.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />}
              Reject
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
