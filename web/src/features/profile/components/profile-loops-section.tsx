import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Music2 } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { FailedUploads } from "./failed-uploads";

export interface ProfileLoopsSectionProps {
  title: string;
  loops: PublicLoop[] | undefined;
  totalLoops: number | undefined;
  isError: boolean;
  /** The owner's view: every loop (the cards show processing, failed, private) and why uploads failed. */
  own: boolean;
  emptyText: string;
  renderLoops: (loops: PublicLoop[]) => ReactNode;
  className?: string;
}

/** A profile's loops as cards (rendered by `renderLoops`), with loading, error and empty states. */
export function ProfileLoopsSection({
  title,
  loops,
  totalLoops,
  isError,
  own,
  emptyText,
  renderLoops,
  className = "mt-12",
}: ProfileLoopsSectionProps) {
  // The API gives others only ready, public loops; the owner sees all of theirs.
  const shown = own ? (loops ?? []) : (loops ?? []).filter((loop) => loop.status === "ready" && loop.isPublic);
  return (
    <section aria-labelledby="profile-loops-title" className={className}>
      <div className="mb-5 flex items-baseline justify-between gap-3">
        <h2 id="profile-loops-title" className="font-display flex items-center gap-2 text-2xl font-black tracking-tight">
          <Music2 className="size-5 text-primary" aria-hidden />
          {title}
        </h2>
        {totalLoops !== undefined ? (
          <span className="text-sm text-muted-foreground">
            {formatCount(totalLoops)} {totalLoops === 1 ? "upload" : "uploads"}
          </span>
        ) : null}
      </div>
      {isError ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6 text-center text-sm text-rose-100">
          The loops could not be loaded. Please reload the page.
        </p>
      ) : !loops ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : loops.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          {own ? <FailedUploads loops={loops} /> : null}
          {shown.length > 0 ? renderLoops(shown) : null}
        </>
      )}
    </section>
  );
}
