import { BAN_REASON_MAX } from "@loop/rules/schemas/admin-users";
import { Ban } from "lucide-react";
import { useSetUserBan } from "../api/set-user-ban";
import { ReasonDialog } from "./reason-dialog";

export const BAN_FAILED_TEXT = "Failed to update ban status.";

export interface BanUserDialogProps {
  /** The user to ban; null: closed. */
  user: { id: string; username: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Ban User (docs/product.md#admin-dashboard, docs/product.md#validation): a reason is required; Ban is enabled once one is typed. */
export function BanUserDialog({ user, onOpenChange }: BanUserDialogProps) {
  const ban = useSetUserBan();
  return (
    <ReasonDialog
      subject={user}
      onOpenChange={onOpenChange}
      title="Ban User"
      description={user ? `${user.username} is refused everything from their next request on, and told the reason.` : null}
      fieldId="ban-reason"
      maxLength={BAN_REASON_MAX}
      submitLabel="Ban"
      submitIcon={Ban}
      mutation={ban}
      variables={(banned, reason) => ({ userId: banned.id, isBanned: true, banReason: reason })}
      succeeded={(banned) => ["User Status Updated", `${banned.username} has been banned.`]}
      failedText={BAN_FAILED_TEXT}
    />
  );
}
