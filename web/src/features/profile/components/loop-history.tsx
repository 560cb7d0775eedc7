import { ArrowRight } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { getServerMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useLoopHistory } from "../api/get-loop-history";
import { HISTORY_FIELD_LABELS, historyValue } from "../lib/my-loops-format";

/** A loop's changes, newest first: the field, from → to, who and when (the edit dialog's History tab). */
export function LoopHistory({ loopId }: { loopId: string }) {
  const history = useLoopHistory(loopId);
  if (history.isPending) {
    return (
      <div className="grid gap-2" aria-busy>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The history could not be loaded: {getServerMessage(history.error, "please try again.")}
      </p>
    );
  }
  const { changes } = history.data;
  if (changes.length === 0) {
    return <p className="text-sm text-muted-foreground">No changes yet: edits to this loop will be listed here.</p>;
  }
  return (
    <ol aria-label="Changes" className="grid gap-2">
      {changes.map((change, index) => (
        <li
          key={`${change.changedAt}-${change.field}-${index}`}
          className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm"
        >
          <p className="font-semibold">{HISTORY_FIELD_LABELS[change.field]}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 [overflow-wrap:anywhere]">
            <span className="line-clamp-3 text-muted-foreground">{historyValue(change.field, change.from)}</span>
            <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="sr-only">to</span>
            <span className="line-clamp-3">{historyValue(change.field, change.to)}</span>
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            by {change.by.username} · <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
