import type { CurrentUser } from "@loop/rules/api-types";
import { LogIn, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PageNotice } from "@/components/ui/page-notice";
import { PageSpinner } from "@/components/ui/spinner";
import { useClientConfig } from "@/lib/client-config";
import { LOGIN_URL } from "@/lib/navigation";
import { AccountInformationCard } from "./account-information-card";
import { AccountSecurityCard } from "./account-security-card";
import { PaymentMethodsCard } from "./payment-methods-card";
import { WalletConnectionCard } from "./wallet-connection-card";
import { WithdrawalMethodsCard } from "./withdrawal-methods-card";

export interface SettingsPageProps {
  user: CurrentUser | null;
  isLoading: boolean;
  /** Adds or changes the e-mail address (composed by the route: the account-email feature's). */
  renderEmailAction?: (user: CurrentUser) => ReactNode;
}

/** /settings: spinner while auth loads; 'Please log in' when signed out; otherwise the settings cards. */
export function SettingsPage({ user, isLoading, renderEmailAction }: SettingsPageProps) {
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <SignedOut />;
  return <AccountSettings user={user} emailAction={renderEmailAction?.(user)} />;
}

function SignedOut() {
  return (
    <PageNotice icon={Settings} title="Please log in" text="Sign in to see and manage your account settings.">
      <Button asChild size="lg" className="mt-6">
        <a href={LOGIN_URL}>
          <LogIn aria-hidden />
          Log in
        </a>
      </Button>
    </PageNotice>
  );
}

function AccountSettings({ user, emailAction }: { user: CurrentUser; emailAction?: ReactNode }) {
  const config = useClientConfig();
  const accountUrl = config.data?.oidc?.accountUrl ?? null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8">
        <h1 className="font-display text-3xl font-black tracking-tight">Account Settings</h1>
        <p className="mt-2 text-muted-foreground">Manage your account details, connected wallet and payment methods.</p>
      </header>
      <div className="grid gap-6">
        <AccountInformationCard user={user} emailAction={emailAction} />
        <WalletConnectionCard user={user} />
        <PaymentMethodsCard />
        <WithdrawalMethodsCard />
        <AccountSecurityCard user={user} accountUrl={accountUrl} emailAction={emailAction} />
      </div>
    </div>
  );
}
