import { EmailChangeDialog } from "@/features/account-email/components/email-change-dialog";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { useUser } from "@/lib/auth";

export function SettingsRoute() {
  const { user, isLoading } = useUser();
  return (
    <SettingsPage user={user} isLoading={isLoading} renderEmailAction={(account) => <EmailChangeDialog currentEmail={account.email} />} />
  );
}
