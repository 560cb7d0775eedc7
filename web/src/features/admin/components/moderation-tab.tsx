import { Ban, Bell, Music, ShieldCheck, UserCheck, Users, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { formatCount } from "@/lib/format";
import { useAdminUsers } from "../api/get-admin-users";
import { StatCard } from "@/components/ui/stat-card";

export interface ModerationTabProps {
  onNotifyAll: () => void;
  onOpenUsers: () => void;
  onOpenLoops: () => void;
  onOpenWithdrawals: () => void;
}

/** Moderation (docs/product.md#admin-dashboard): active, banned and admin users, and quick actions. */
export function ModerationTab({ onNotifyAll, onOpenUsers, onOpenLoops, onOpenWithdrawals }: ModerationTabProps) {
  // The counts cover the whole user base, whatever the search; one row is enough to get them.
  const users = useAdminUsers({ search: "", limit: 1, offset: 0 });
  const counts = users.data?.counts;
  return (
    <div className="grid gap-6">
      {users.isError ? (
        <LoadError message="The user counts could not be loaded." onRetry={() => void users.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard label="Active Users" icon={UserCheck} value={counts ? formatCount(counts.active) : null} hint="Not banned" />
          <StatCard label="Banned Users" icon={Ban} value={counts ? formatCount(counts.banned) : null} />
          <StatCard label="Admins" icon={ShieldCheck} value={counts ? formatCount(counts.admins) : null} />
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
          <CardDescription>Common moderation tasks.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <Button variant="outline" className="justify-start" onClick={onNotifyAll}>
            <Bell aria-hidden />
            Notify all users
          </Button>
          <Button variant="outline" className="justify-start" onClick={onOpenUsers}>
            <Users aria-hidden />
            Manage users, bans and warnings
          </Button>
          <Button variant="outline" className="justify-start" onClick={onOpenLoops}>
            <Music aria-hidden />
            Review loops
          </Button>
          <Button variant="outline" className="justify-start" onClick={onOpenWithdrawals}>
            <Wallet aria-hidden />
            Review token withdrawals
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
