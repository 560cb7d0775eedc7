import { Loader2, Unlock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { failureToast, successToast } from "@/lib/outcome-toasts";
import { useSetUserWithdrawals } from "../api/set-user-withdrawals";

export const LIFT_SUSPENSION_FAILED_TEXT = "Failed to lift the withdrawal suspension.";

/**
 * Lift Suspension (docs/product.md#sale-hold): a second chargeback suspended the seller's withdrawals
 * until an admin looks; this lifts it (audited, the seller told). In the Users tab and the money health.
 */
export function LiftSuspensionButton({ user }: { user: { id: string; username: string } }) {
  const lift = useSetUserWithdrawals();
  const onClick = () =>
    lift.mutate(
      { userId: user.id, suspended: false },
      {
        onSuccess: () => successToast("Withdrawals Restored", `${user.username} can withdraw again.`),
        onError: (caught) => failureToast("Update Failed", caught, LIFT_SUSPENSION_FAILED_TEXT),
      },
    );
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={lift.isPending}>
      {lift.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Unlock aria-hidden />}
      Lift Suspension
    </Button>
  );
}
