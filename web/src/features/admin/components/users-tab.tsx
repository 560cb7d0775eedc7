import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { levelTitle } from "@loop/rules/levels";
import { Ban, Bell, Hourglass, ShieldCheck, ShieldOff, TriangleAlert, UserCheck } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PendingButton } from "@/components/ui/pending-button";
import { formatCount, shortAddress } from "@/lib/format";
import { useAdminUsers } from "../api/get-admin-users";
import { useSetUserAdmin } from "../api/set-user-admin";
import { useSetUserBan } from "../api/set-user-ban";
import { saleHoldText } from "../lib/sale-hold";
import { updateToasts } from "../lib/update-toasts";
import { BAN_FAILED_TEXT, BanUserDialog } from "./ban-user-dialog";
import { AdminRow, Figure } from "./admin-row";
import { LiftSuspensionButton } from "./lift-suspension-button";
import { SaleHoldDialog } from "./sale-hold-dialog";
import { SearchableList, useSearchPaging } from "./searchable-list";
import { SendWarningDialog } from "./send-warning-dialog";
import type { NotificationRecipient } from "./send-notification-dialog";

export const USERS_PAGE_SIZE = 20;
export const ADMIN_STATUS_FAILED_TEXT = "Failed to update admin status.";

type Target = { id: string; username: string };

export interface UsersTabProps {
  /** The signed-in admin (who cannot ban themselves). */
  currentUserId: string;
  /** Opens Send Notification for one user. */
  onNotify: (recipient: NotificationRecipient) => void;
}

/**
 * Users (docs/product.md#admin-dashboard): search by username, e-mail or wallet; badges, figures and the
 * admin actions, with each seller's sale hold and a suspension of their withdrawals (docs/product.md#sale-hold).
 */
export function UsersTab({ currentUserId, onNotify }: UsersTabProps) {
  const paging = useSearchPaging(USERS_PAGE_SIZE);
  const users = useAdminUsers(paging.params);
  const [banTarget, setBanTarget] = useState<Target | null>(null);
  const [warnTarget, setWarnTarget] = useState<Target | null>(null);
  const [holdTarget, setHoldTarget] = useState<AdminUser | null>(null);

  return (
    <div className="grid gap-4">
      <SearchableList
        paging={paging}
        placeholder="Search by username, e-mail or wallet"
        query={users}
        items={users.data?.users}
        noun="users"
        skeletonClassName="h-24"
      >
        {(user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === currentUserId}
            onBan={() => setBanTarget({ id: user.id, username: user.username })}
            onWarn={() => setWarnTarget({ id: user.id, username: user.username })}
            onNotify={() => onNotify({ id: user.id, username: user.username })}
            onSaleHold={() => setHoldTarget(user)}
          />
        )}
      </SearchableList>
      <BanUserDialog user={banTarget} onOpenChange={(open) => !open && setBanTarget(null)} />
      <SendWarningDialog user={warnTarget} onOpenChange={(open) => !open && setWarnTarget(null)} />
      <SaleHoldDialog user={holdTarget} onOpenChange={(open) => !open && setHoldTarget(null)} />
    </div>
  );
}

interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  onBan: () => void;
  onWarn: () => void;
  onNotify: () => void;
  onSaleHold: () => void;
}

function UserRow({ user, isSelf, onBan, onWarn, onNotify, onSaleHold }: UserRowProps) {
  const setAdmin = useSetUserAdmin();
  const setBan = useSetUserBan();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");

  const toggleAdmin = () =>
    setAdmin.mutate(
      { userId: user.id, isAdmin: !user.isAdmin },
      updateToasts(
        "Admin Status Updated",
        (updated) => `${updated.username} ${updated.isAdmin ? "is now an admin" : "is no longer an admin"}.`,
        ADMIN_STATUS_FAILED_TEXT,
      ),
    );

  const unban = () =>
    setBan.mutate(
      { userId: user.id, isBanned: false, banReason: null },
      updateToasts("User Status Updated", (updated) => `${updated.username} has been unbanned.`, BAN_FAILED_TEXT),
    );

  return (
    <AdminRow
      name={user.username}
      badges={
        <>
          {user.isAdmin ? <Badge variant="highlight">Admin</Badge> : null}
          {user.isBanned ? <Badge variant="destructive">Banned</Badge> : null}
          <Badge variant="outline" title={levelTitle(user.level)}>
            Level {user.level}
          </Badge>
          {user.warnings > 0 ? (
            <Badge variant="warning">
              {user.warnings} warning{user.warnings === 1 ? "" : "s"}
            </Badge>
          ) : null}
          {user.chargebacks > 0 ? (
            <Badge variant="warning">
              {user.chargebacks} chargeback{user.chargebacks === 1 ? "" : "s"}
            </Badge>
          ) : null}
          {user.withdrawalsSuspendedAt ? <Badge variant="destructive">Withdrawals suspended</Badge> : null}
        </>
      }
      details={
        <>
          <p className="mt-1 truncate text-sm text-muted-foreground">
            {[fullName, user.email].filter(Boolean).join(" · ") || "No e-mail"}
            {" · "}
            {user.walletAddress ? (
              <span className="font-mono" title={user.walletAddress}>
                {shortAddress(user.walletAddress)}
              </span>
            ) : (
              "No wallet"
            )}
          </p>
          {user.isBanned && user.banReason ? <p className="mt-1 text-sm text-rose-200">Ban reason: {user.banReason}</p> : null}
        </>
      }
      figures={
        <>
          <Figure term="XP">{formatCount(user.experience)}</Figure>
          <Figure term="Total earned">
            <LoopAmount value={user.totalEarned} />
          </Figure>
          <Figure term="Total spent">
            <LoopAmount value={user.totalSpent} />
          </Figure>
          <Figure term="Sale hold" plain>
            {saleHoldText(user.saleHold)}
          </Figure>
        </>
      }
      actions={
        <>
          <PendingButton
            variant="outline"
            size="sm"
            onClick={toggleAdmin}
            pending={setAdmin.isPending}
            disabled={user.isBanned && !user.isAdmin}
            title={user.isBanned && !user.isAdmin ? "Unban the user first" : undefined}
            icon={user.isAdmin ? ShieldOff : ShieldCheck}
          >
            {user.isAdmin ? "Remove Admin" : "Make Admin"}
          </PendingButton>
          <Button variant="outline" size="sm" onClick={onNotify}>
            <Bell aria-hidden />
            Notify
          </Button>
          <Button variant="outline" size="sm" onClick={onWarn}>
            <TriangleAlert aria-hidden />
            Warn
          </Button>
          <Button variant="outline" size="sm" onClick={onSaleHold}>
            <Hourglass aria-hidden />
            Sale Hold
          </Button>
          {user.withdrawalsSuspendedAt ? <LiftSuspensionButton user={user} /> : null}
          {user.isBanned ? (
            <PendingButton variant="secondary" size="sm" onClick={unban} pending={setBan.isPending} icon={UserCheck}>
              Unban
            </PendingButton>
          ) : (
            <Button
              variant="destructive"
              size="sm"
              onClick={onBan}
              disabled={isSelf || user.isAdmin}
              title={isSelf ? "You cannot ban your own account" : user.isAdmin ? "Remove the user's admin status first" : undefined}
            >
              <Ban aria-hidden />
              Ban
            </Button>
          )}
        </>
      }
    />
  );
}
