import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Music2 } from "lucide-react";
import type { ReactNode } from "react";
import { SkeletonList } from "@/components/skeleton-list";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { formatCount } from "@/lib/format";
import { useUserLoops } from "../api/get-user-loops";

export interface ProfileLoopsSectionProps {
  userId: string;
  title: string;
  /** The profile's count of uploads (the header's). */
  totalLoops: number;
  emptyText: string;
  renderLoops: (loops: PublicLoop[]) => ReactNode;
}

/**
 * A public profile's loops as cards (rendered by `renderLoops`): the creator's ready, public loops
 * from the catalog, newest first, 24 at a time with "Load More Loops", past any number of them.
 */
export function ProfileLoopsSection({ userId, title, totalLoops, emptyText, renderLoops }: ProfileLoopsSectionProps) {
  const query = useUserLoops(userId);
  const loops = query.data?.pages.flatMap((page) => page.loops);
  return (
    <section aria-labelledby="profile-loops-title" className="mt-12">
      <div className="mb-5 flex items-baseline justify-between gap-3">
        <h2 id="profile-loops-title" className="font-display flex items-center gap-2 text-2xl font-black tracking-tight">
          <Music2 className="size-5 text-primary" aria-hidden />
          {title}
        </h2>
        <span className="text-sm text-muted-foreground">
          {formatCount(totalLoops)} {totalLoops === 1 ? "upload" : "uploads"}
        </span>
      </div>
      {query.isPending ? (
        <SkeletonList className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy itemClassName="h-56 rounded-xl" />
      ) : !loops ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6 text-center text-sm text-rose-100">
          The loops could not be loaded. Please reload the page.
        </p>
      ) : loops.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          {renderLoops(loops)}
          <LoadMoreLoops query={query} />
        </>
      )}
    </section>
  );
}
