import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SkeletonList } from "@/components/skeleton-list";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";

export interface HistoryCardProps<T> {
  /** The heading's id, which names the card. */
  id: string;
  icon: LucideIcon;
  title: string;
  query: { isPending: boolean; isError: boolean; data: readonly T[] | undefined; refetch: () => unknown };
  /** "transfer history": the loading and load-error texts. */
  subject: string;
  skeletonTestId: string;
  emptyText: string;
  listLabel: string;
  children: (item: T) => ReactNode;
}

/** A wallet history card: skeleton rows, load error, the empty text, or the list. */
export function HistoryCard<T>({
  id,
  icon: Icon,
  title,
  query,
  subject,
  skeletonTestId,
  emptyText,
  listLabel,
  children,
}: HistoryCardProps<T>) {
  return (
    <Card aria-labelledby={id} className="p-5">
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 text-primary" aria-hidden />
        {title}
      </h3>
      {query.isPending ? (
        <SkeletonList
          className="mt-4 grid gap-2"
          role="status"
          aria-label={`Loading ${subject}`}
          data-testid={skeletonTestId}
          itemClassName="h-14 w-full"
        />
      ) : query.isError || !query.data ? (
        <LoadError message={`Your ${subject} could not be loaded.`} onRetry={() => void query.refetch()} className="mt-4" />
      ) : query.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-border py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-2" aria-label={listLabel}>
          {query.data.map(children)}
        </ul>
      )}
    </Card>
  );
}
