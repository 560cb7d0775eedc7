import { Unlock } from "lucide-react";
import { PendingButton } from "@/components/ui/pending-button";
import { useSetUserWithdrawals } from "../api/set-user-withdrawals";
import { updateToasts } from "../lib/update-toasts";

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
      updateToasts("Withdrawals Restored", `${user.username} can withdraw again.`, LIFT_SUSPENSION_FAILED_TEXT),
    );
  return (
    <PendingButton variant="secondary" size="sm" onClick={onClick} pending={lift.isPending} icon={Unlock}>
      Lift Suspension
    </PendingButton>
  );
}
