import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/utils";
import { Card } from "./card";
import { Skeleton } from "./skeleton";

/** The classes of each size: the card's padding, the gap before the icon, the icon, the figure and the hint. */
const SIZES = {
  default: { card: "p-5", head: "gap-3", icon: "size-5", value: "mt-2 text-2xl", hint: "mt-1" },
  sm: { card: "p-4", head: "gap-2", icon: "size-4", value: "mt-1.5 text-xl", hint: "mt-0.5" },
} as const;

export interface StatCardProps {
  label: string;
  icon: LucideIcon;
  /** The figure; null while loading. */
  value: ReactNode | null;
  hint?: ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}

/** One figure of a dashboard: a labelled card (a `group` named by its label), its icon, the figure and a hint under it. */
export function StatCard({ label, icon: Icon, value, hint, size = "default", className }: StatCardProps) {
  const id = useId();
  const classes = SIZES[size];
  return (
    <Card role="group" aria-labelledby={id} className={cn(classes.card, className)}>
      <div className={cn("flex items-start justify-between", classes.head)}>
        <p id={id} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        <Icon className={cn("text-primary", classes.icon)} aria-hidden />
      </div>
      <div className={cn("font-bold tabular-nums", classes.value)}>{value === null ? <Skeleton className="h-8 w-24" /> : value}</div>
      {hint ? <div className={cn("text-xs text-muted-foreground", classes.hint)}>{hint}</div> : null}
    </Card>
  );
}
