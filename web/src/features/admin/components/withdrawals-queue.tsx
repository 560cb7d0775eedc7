import { type AdminWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoopAmount } from "@/components/ui/loop-amount";
import { formatDateTime, shortAddress } from "@/lib/format";
import { ScrollTable } from "@/components/ui/table";
import { METHOD_LABELS } from "@/lib/withdrawal-methods";
import { useAdminWithdrawals } from "../api/get-admin-withdrawals";
import { usdText } from "../lib/admin-format";
import { withdrawalActionButton } from "../lib/withdrawal-update";
import { QueryStates } from "./query-states";
import { StatusBadge, StatusFilter } from "./queue-status";
import { WithdrawalStatusDialog } from "./withdrawal-status-dialog";

/** Token Withdrawals: the queue with Process (pending) and Update (processing). */
export function WithdrawalsQueue() {
  const [status, setStatus] = useState<WithdrawalStatus | "">("");
  const withdrawals = useAdminWithdrawals(status || undefined);
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <StatusFilter
          id="withdrawal-filter"
          value={status}
          statuses={WITHDRAWAL_STATUSES}
          allLabel="All withdrawals"
          onChange={setStatus}
          selectClassName="min-w-44"
        />
        <p className="max-w-md text-xs text-muted-foreground">
          Rate 500 LOOP = $1. No platform fee is taken on withdrawals; crypto payouts are sent by hand and completed with their transaction
          ID.
        </p>
      </div>
      <QueryStates query={withdrawals} noun="withdrawals" skeletonClassName="h-40" empty="No withdrawals to show.">
        {(list) => (
          <ScrollTable
            caption="Token withdrawals"
            className="w-full min-w-[56rem] text-left text-sm"
            columns={[
              { label: "User", className: "py-2 pr-3" },
              { label: "Amount", className: "py-2 pr-3 text-right" },
              { label: "USD (net)", className: "py-2 pr-3 text-right" },
              { label: "Method", className: "py-2 pr-3" },
              { label: "Destination", className: "py-2 pr-3" },
              { label: "Status", className: "py-2 pr-3" },
              { label: "Requested", className: "py-2 pr-3" },
              { label: "Action", className: "py-2 text-right" },
            ]}
          >
            {list.map((withdrawal) => {
              const action = withdrawalActionButton(withdrawal);
              return (
                <tr key={withdrawal.id} className="border-b border-border/60 align-top last:border-0">
                  <td className="py-2.5 pr-3 font-medium">{withdrawal.username ?? withdrawal.userId}</td>
                  <td className="py-2.5 pr-3 text-right">
                    <LoopAmount value={withdrawal.amount} />
                  </td>
                  <td className="py-2.5 pr-3 text-right tabular-nums">
                    {usdText(withdrawal.usdAmount)}
                    {withdrawal.netUsdAmount !== withdrawal.usdAmount ? (
                      <span className="block text-xs text-muted-foreground">net {usdText(withdrawal.netUsdAmount)}</span>
                    ) : null}
                  </td>
                  <td className="py-2.5 pr-3">{METHOD_LABELS[withdrawal.method]}</td>
                  <td className="py-2.5 pr-3 font-mono text-xs" title={withdrawal.destination}>
                    {shortAddress(withdrawal.destination)}
                  </td>
                  <td className="py-2.5 pr-3">
                    <StatusBadge status={withdrawal.status} />
                    {withdrawal.transactionId ? (
                      <span
                        className="mt-1 block max-w-48 truncate font-mono text-xs text-muted-foreground"
                        title={withdrawal.transactionId}
                      >
                        Tx {withdrawal.transactionId}
                      </span>
                    ) : null}
                    {withdrawal.failureReason ? (
                      <span className="mt-1 block max-w-48 text-xs text-rose-200">{withdrawal.failureReason}</span>
                    ) : null}
                    {withdrawal.payoutInProgress ? (
                      <span className="mt-1 block max-w-56 text-xs text-muted-foreground">
                        Payout in progress: settled by what the chain records
                      </span>
                    ) : null}
                    {withdrawal.payoutError ? (
                      <span className="mt-1 block max-w-56 text-xs text-amber-200">Last payout attempt: {withdrawal.payoutError}</span>
                    ) : null}
                  </td>
                  <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground">{formatDateTime(withdrawal.createdAt)}</td>
                  <td className="py-2.5 text-right">
                    {action ? (
                      <Button
                        size="sm"
                        variant={action === "Process" ? "default" : "outline"}
                        onClick={() => setSelected(withdrawal)}
                        aria-label={`${action} withdrawal of ${withdrawal.username ?? "user"}`}
                      >
                        {action}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        )}
      </QueryStates>
      <WithdrawalStatusDialog withdrawal={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </div>
  );
}
