import { PageSpinner } from "@/components/ui/spinner";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { TokenPage } from "@/features/tokens/components/token-page";
import { useUser } from "@/lib/auth";

/** /tokens: the token page; a visitor sees it with a sign-in prompt in place of the wallet. */
export function TokensRoute() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  if (isLoading) return <PageSpinner label="Loading your wallet" />;
  return <TokenPage user={user} onSignIn={openJoin} />;
}
