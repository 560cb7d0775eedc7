import { Coins, DollarSign, Landmark, Vault } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { LoopAmount } from "@/components/ui/loop-amount";
import { type TabItem, TabList, TabPanel } from "@/components/ui/tab-list";
import { useAdminStats } from "../api/get-admin-stats";
import { usdText } from "../lib/admin-format";
import { AuditLogList } from "./audit-log-list";
import { StatCard } from "@/components/ui/stat-card";
import { SystemSettingsPanel } from "./system-settings-form";
import { TokenOrdersQueue } from "./token-orders-queue";
import { VaultBackingCard } from "./vault-backing-card";
import { VaultDepositDialog } from "./vault-deposit-dialog";
import { WithdrawalsQueue } from "./withdrawals-queue";

export type SettingsSection = "withdrawals" | "orders" | "system" | "audit";

const SECTIONS: readonly TabItem<SettingsSection>[] = [
  { id: "withdrawals", label: "Token Withdrawals" },
  { id: "orders", label: "Token Orders" },
  { id: "system", label: "System Settings" },
  { id: "audit", label: "Audit Log" },
];

export interface SettingsTabProps {
  section: SettingsSection;
  onSectionChange: (section: SettingsSection) => void;
}

/** Settings (docs/product.md#admin-dashboard): revenue and reserve figures, the reserve's backing, Vault Actions, and the admin queues and settings. */
export function SettingsTab({ section, onSectionChange }: SettingsTabProps) {
  const stats = useAdminStats();
  const [depositOpen, setDepositOpen] = useState(false);
  const data = stats.data;
  return (
    <div className="grid gap-6">
      {stats.isError ? (
        <LoadError message="The platform figures could not be loaded." onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <StatCard label="Total Revenue" icon={DollarSign} value={data ? usdText(data.totalRevenue) : null} />
          <StatCard
            label="Platform Earnings"
            icon={Coins}
            value={data ? <LoopAmount value={data.platformEarnings} /> : null}
            hint="Fees collected, in the ledger"
          />
          <StatCard
            label="Available for Withdrawal"
            icon={Vault}
            value={data ? <LoopAmount value={data.availableWithdrawal} /> : null}
            hint={
              data ? (
                <>
                  On-chain vault reserve:{" "}
                  {data.onChainVaultReserve === null ? "unavailable" : <LoopAmount value={data.onChainVaultReserve} />}
                </>
              ) : null
            }
          />
        </div>
      )}
      <VaultBackingCard />
      <Card>
        <CardHeader>
          <CardTitle>
            <Landmark className="size-5 text-primary" aria-hidden />
            Vault Actions
          </CardTitle>
          <CardDescription>Move platform earnings into the reserve that pays users' withdrawals.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => setDepositOpen(true)}>
            <Landmark aria-hidden />
            Deposit to Vault
          </Button>
        </CardContent>
      </Card>
      <VaultDepositDialog open={depositOpen} onOpenChange={setDepositOpen} platformEarnings={data?.platformEarnings} />
      <div>
        <div className="overflow-x-auto">
          <TabList tabs={SECTIONS} value={section} onChange={onSectionChange} idPrefix="admin-settings" label="Admin settings" />
        </div>
        <TabPanel idPrefix="admin-settings" value={section}>
          {section === "withdrawals" ? <WithdrawalsQueue /> : null}
          {section === "orders" ? <TokenOrdersQueue /> : null}
          {section === "system" ? <SystemSettingsPanel /> : null}
          {section === "audit" ? <AuditLogList /> : null}
        </TabPanel>
      </div>
    </div>
  );
}
