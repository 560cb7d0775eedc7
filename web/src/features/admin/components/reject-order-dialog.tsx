import { REJECTION_REASON_MAX, rejectTokenOrderSchema } from "@loop/rules/schemas/token-orders";
import { XCircle } from "lucide-react";
import { useRejectTokenOrder } from "../api/reject-token-order";
import { type ReasonCheck, ReasonDialog } from "./reason-dialog";

export const ORDER_UPDATE_FAILED_TEXT = "Failed to update the token order.";

export interface RejectOrderDialogProps {
  /** The order to reject; null: closed. */
  order: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** The reason as the API takes it (docs/product.md#validation), or its message. */
function checkRejection(reason: string): ReasonCheck {
  const parsed = rejectTokenOrderSchema.safeParse({ reason });
  return parsed.success ? { ok: true, reason: parsed.data.reason } : { ok: false, message: parsed.error.issues[0]?.message ?? "" };
}

/** Reject a token order with a reason (the buyer is told it). */
export function RejectOrderDialog({ order, onOpenChange }: RejectOrderDialogProps) {
  const reject = useRejectTokenOrder();
  return (
    <ReasonDialog
      subject={order}
      onOpenChange={onOpenChange}
      title="Reject Order"
      description={order ? `${order.username} is told the reason.` : null}
      fieldId="reject-reason"
      maxLength={REJECTION_REASON_MAX}
      submitLabel="Reject"
      submitIcon={XCircle}
      check={checkRejection}
      mutation={reject}
      variables={(rejected, reason) => ({ orderId: rejected.id, reason })}
      succeeded={(rejected) => ["Order Rejected", `${rejected.username}'s order was rejected.`]}
      failedText={ORDER_UPDATE_FAILED_TEXT}
    />
  );
}
