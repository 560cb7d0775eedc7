import type { CurrentUser } from "@loop/rules/api-types";
import { Bell, ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PageNotice } from "@/components/ui/page-notice";
import { PageSpinner } from "@/components/ui/spinner";
import { type TabItem, TabList, TabPanel } from "@/components/ui/tab-list";
import { LevelRewardsTab } from "./level-rewards-tab";
import { LoopsTab } from "./loops-tab";
import { ModerationTab } from "./moderation-tab";
import { OverviewTab } from "./overview-tab";
import { type NotificationRecipient, SendNotificationDialog } from "./send-notification-dialog";
import { type SettingsSection, SettingsTab } from "./settings-tab";
import { UsersTab } from "./users-tab";

export type AdminTab = "overview" | "users" | "moderation" | "loops" | "levels" | "settings";

export const ADMIN_TABS: readonly TabItem<AdminTab>[] = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users" },
  { id: "moderation", label: "Moderation" },
  { id: "loops", label: "Loops" },
  { id: "levels", label: "Level Rewards" },
  { id: "settings", label: "Settings" },
];

export const ACCESS_DENIED_TITLE = "Access Denied";
export const ACCESS_DENIED_TEXT = "You need admin privileges to access this page.";

export interface AdminDashboardProps {
  user: CurrentUser | null;
  isLoading: boolean;
}

/** The admin dashboard (docs/product.md#admin-dashboard): admins only; everyone else reads 'Access Denied'. */
export function AdminDashboard({ user, isLoading }: AdminDashboardProps) {
  if (isLoading) return <PageSpinner label="Loading" />;
  if (!user?.isAdmin) return <AccessDenied />;
  return <Dashboard user={user} />;
}

function AccessDenied() {
  return (
    <PageNotice icon={ShieldAlert} iconClassName="text-destructive" title={ACCESS_DENIED_TITLE} text={ACCESS_DENIED_TEXT} role="alert" />
  );
}

function Dashboard({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<AdminTab>("overview");
  const [section, setSection] = useState<SettingsSection>("withdrawals");
  const [notify, setNotify] = useState<{ open: boolean; recipient: NotificationRecipient | null }>({ open: false, recipient: null });

  const openNotify = (recipient: NotificationRecipient | null) => setNotify({ open: true, recipient });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
            <ShieldCheck className="size-7 text-primary" aria-hidden />
            Admin Dashboard
          </h1>
          <p className="mt-1 text-muted-foreground">Users, moderation, loops, level rewards, withdrawals and the vault.</p>
        </div>
        <Button onClick={() => openNotify(null)}>
          <Bell aria-hidden />
          Send Notification
        </Button>
      </header>
      <div className="mt-8 overflow-x-auto">
        <TabList tabs={ADMIN_TABS} value={tab} onChange={setTab} idPrefix="admin" label="Admin dashboard" />
      </div>
      <TabPanel idPrefix="admin" value={tab}>
        {tab === "overview" ? <OverviewTab /> : null}
        {tab === "users" ? <UsersTab currentUserId={user.id} onNotify={openNotify} /> : null}
        {tab === "moderation" ? (
          <ModerationTab
            onNotifyAll={() => openNotify(null)}
            onOpenUsers={() => setTab("users")}
            onOpenLoops={() => setTab("loops")}
            onOpenWithdrawals={() => {
              setSection("withdrawals");
              setTab("settings");
            }}
          />
        ) : null}
        {tab === "loops" ? <LoopsTab /> : null}
        {tab === "levels" ? <LevelRewardsTab /> : null}
        {tab === "settings" ? <SettingsTab section={section} onSectionChange={setSection} /> : null}
      </TabPanel>
      <SendNotificationDialog
        open={notify.open}
        recipient={notify.recipient}
        onOpenChange={(open) => setNotify((previous) => ({ ...previous, open }))}
      />
    </div>
  );
}
