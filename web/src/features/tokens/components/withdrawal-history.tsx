import type { Withdrawal } from "@loop/rules/schemas/withdrawals";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowUpFromLine, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PendingButton } from "@/components/ui/pending-button";
import { getServerMessage } from "@/lib/api-client";
import { formatDateTime, loopText, shortAddress } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCancelWithdrawal } from "../api/cancel-withdrawal";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { isOpenWithdrawal, useWithdrawals } from "../api/get-withdrawals";
import { HistoryCard } from "./history-card";
import { METHOD_LABELS } from "@/lib/withdrawal-methods";

export const NO_WITHDRAWALS = "No withdrawal history yet";

/** docs/product.md#states (user view): pending, processing, completed; anything else is shown as a failure. */
export function withdrawalStatusStyle(status: string): {
  variant: BadgeProps["variant"];
  tone: "pending" | "processing" | "completed" | "failure";
} {
  if (status === "pending") return { variant: "warning", tone: "pending" };
  if (status === "processing") return { variant: "highlight", tone: "processing" };
  if (status === "completed") return { variant: "success", tone: "completed" };
  return { variant: "destructive", tone: "failure" };
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const cancel = useCancelWithdrawal();
  const style = withdrawalStatusStyle(withdrawal.status);
  const amount = loopText(withdrawal.amount);
  const onCancel = () =>
    cancel.mutate(withdrawal.id, {
      onSuccess: () =>
        toast({ title: "Withdrawal Cancelled", description: `${amount} is back in your available balance.`, variant: "success" }),
      onError: (caught) =>
        toast({ title: "Cancel Failed", description: getServerMessage(caught, "Failed to cancel the withdrawal"), variant: "destructive" }),
    });

  return (
    <li className="rounded-lg border border-border bg-surface/50 px-3 py-2.5" data-status={style.tone}>
      <div className="flex flex-wrap items-center gap-2">
        <LoopAmount value={withdrawal.amount} className="font-mono text-sm font-semibold" />
        <span className="text-sm text-muted-foreground">
          ≈ ${withdrawal.usdAmount} · {METHOD_LABELS[withdrawal.method] ?? withdrawal.method}
        </span>
        <Badge variant={style.variant} className="ml-auto">
          {withdrawal.status.toUpperCase()}
        </Badge>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>{formatDateTime(withdrawal.createdAt)}</span>
        <span aria-hidden>·</span>
        <span className="font-mono" title={withdrawal.destination}>
          To {shortAddress(withdrawal.destination)}
        </span>
        {withdrawal.transactionId ? (
          <>
            <span aria-hidden>·</span>
            <span className="font-mono" title={withdrawal.transactionId}>
              Tx {shortAddress(withdrawal.transactionId)}
            </span>
          </>
        ) : null}
        {withdrawal.status === "pending" ? (
          <PendingButton
            variant="ghost"
            size="sm"
            className="ml-auto h-7"
            pending={cancel.isPending}
            onClick={onCancel}
            aria-label={`Cancel withdrawal of ${amount}`}
            icon={X}
          >
            Cancel
          </PendingButton>
        ) : null}
      </div>
      {withdrawal.failureReason ? <p className="mt-1 text-xs text-rose-200">{withdrawal.failureReason}</p> : null}
    </li>
  );
}

/** When a withdrawal stops being open (completed, failed, cancelled), the balance and transfers change: refetch them. */
function useRefreshBalanceWhenResolved(withdrawals: Withdrawal[] | undefined) {
  const queryClient = useQueryClient();
  const open = withdrawals
    ?.filter(isOpenWithdrawal)
    .map((withdrawal) => withdrawal.id)
    .join(",");
  const previous = useRef(open);
  useEffect(() => {
    const before = previous.current;
    previous.current = open;
    if (before === undefined || open === undefined || before === open) return;
    const stillOpen = new Set(open.split(","));
    if (before.split(",").some((id) => id && !stillOpen.has(id))) {
      void queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY });
    }
  }, [open, queryClient]);
}

/** Withdrawal History (docs/product.md#withdrawals): the viewer's withdrawals with status styles and Cancel while pending. */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals();
  useRefreshBalanceWhenResolved(withdrawals.data);
  return (
    <HistoryCard
      id="withdrawal-history-title"
      icon={ArrowUpFromLine}
      title="Withdrawal History"
      query={withdrawals}
      subject="withdrawal history"
      skeletonTestId="withdrawal-skeleton"
      emptyText={NO_WITHDRAWALS}
      listLabel="Withdrawals"
    >
      {(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
    </HistoryCard>
  );
}
