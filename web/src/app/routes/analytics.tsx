import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { AnalyticsPage } from "@/features/analytics/components/analytics-page";
import { useUser } from "@/lib/auth";

/** /analytics: the signed-in creator's analytics; signed out, a prompt that opens the Join dialog. */
export function AnalyticsRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  return <AnalyticsPage user={user} isLoading={isLoading} onSignIn={openJoin} />;
}
