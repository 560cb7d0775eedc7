import type { Transfer } from "@loop/rules/schemas/tokens";
import { ArrowDownLeft, ArrowUpRight, History } from "lucide-react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useTransfers } from "@/lib/get-transfers";
import { LoopAmount } from "@/components/ui/loop-amount";
import { HistoryCard } from "./history-card";

export const NO_TRANSFERS = "No transfer history yet";

const TYPE_LABELS: Partial<Record<Transfer["transferType"], { label: string; variant: BadgeProps["variant"] }>> = {
  admin_airdrop: { label: "Airdrop", variant: "highlight" },
  reward: { label: "Reward", variant: "success" },
  // Issue 22: 500 promotional LOOP for an upload that stayed listed (the description names the loop).
  upload_reward: { label: "Upload Reward", variant: "success" },
  user_transfer: { label: "Transfer", variant: "default" },
};

function typeBadge(type: Transfer["transferType"]) {
  // The spec's three types (and the upload reward, a reward too) get their own colours; the others are shown neutrally.
  return TYPE_LABELS[type] ?? { label: type.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()), variant: "outline" as const };
}

function counterpart(transfer: Transfer): string | null {
  // A deposit comes from the member's own wallet (its address is in the description).
  if (transfer.transferType === "deposit") return "From your wallet";
  if (transfer.direction === "in") return transfer.fromUserId ? `From ${transfer.fromUserId}` : "From LOOP";
  return transfer.toUserId && transfer.toUserId !== "current_user" ? `To ${transfer.toUserId}` : null;
}

/** Transfer History (docs/product.md#transfers): every movement of the viewer's in-app LOOP, with skeletons and the empty text. */
export function TransferHistory() {
  const transfers = useTransfers();
  return (
    <HistoryCard
      id="transfer-history-title"
      icon={History}
      title="Transfer History"
      query={transfers}
      subject="transfer history"
      skeletonTestId="transfer-skeleton"
      emptyText={NO_TRANSFERS}
      listLabel="Transfers"
    >
      {(transfer) => {
        const incoming = transfer.direction === "in";
        const badge = typeBadge(transfer.transferType);
        const who = counterpart(transfer);
        return (
          <li key={transfer.id} className="flex items-center gap-3 rounded-lg border border-border bg-surface/50 px-3 py-2.5">
            <span
              className={cn(
                "inline-flex size-9 shrink-0 items-center justify-center rounded-full",
                incoming ? "bg-success/15 text-emerald-300" : "bg-destructive/15 text-rose-300",
              )}
            >
              {incoming ? <ArrowDownLeft className="size-4" aria-hidden /> : <ArrowUpRight className="size-4" aria-hidden />}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={badge.variant}>{badge.label}</Badge>
                <span className="truncate text-sm">{transfer.description ?? (incoming ? "Received" : "Sent")}</span>
              </div>
              <p className="mt-0.5 truncate text-xs text-muted-foreground">
                {formatDateTime(transfer.createdAt)}
                {who ? ` · ${who}` : null}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className={cn("font-mono text-sm font-semibold", incoming ? "text-emerald-300" : "text-rose-300")}>
                <LoopAmount value={incoming ? transfer.amount : `-${transfer.amount}`} plus />
              </p>
              <p className="text-[0.65rem] font-semibold tracking-wide text-muted-foreground">{transfer.status.toUpperCase()}</p>
            </div>
          </li>
        );
      }}
    </HistoryCard>
  );
}
