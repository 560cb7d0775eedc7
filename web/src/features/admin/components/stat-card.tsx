import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export interface StatCardProps {
  label: string;
  icon: LucideIcon;
  /** The figure; null while loading. */
  value: ReactNode | null;
  hint?: ReactNode;
  className?: string;
}

/** One figure of the dashboard: a labelled card (a `group` named by its label). */
export function StatCard({ label, icon: Icon, value, hint, className }: StatCardProps) {
  const id = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Card role="group" aria-labelledby={id} className={cn("p-5", className)}>
      <div className="flex items-start justify-between gap-3">
        <p id={id} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        <Icon className="size-5 text-primary" aria-hidden />
      </div>
      <div className="mt-2 text-2xl font-bold tabular-nums">{value === null ? <Skeleton className="h-8 w-24" /> : value}</div>
      {hint ? <div className="mt-1 text-xs text-muted-foreground">{hint}</div> : null}
    </Card>
  );
}
