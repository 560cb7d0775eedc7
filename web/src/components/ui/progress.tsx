import { cn } from "@/lib/utils";

export interface ProgressProps {
  /** 0–100; null for an indeterminate bar. */
  value: number | null;
  label: string;
  className?: string;
}

/** A progress bar (role="progressbar"); indeterminate when `value` is null. */
export function Progress({ value, label, className }: ProgressProps) {
  const percent = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={cn("relative h-2.5 overflow-hidden rounded-full bg-muted", className)}
    >
      {percent === null ? (
        <div className="bg-brand-gradient absolute inset-0 animate-pulse rounded-full opacity-70" />
      ) : (
        <div className="bg-brand-gradient h-full rounded-full transition-[width] duration-200" style={{ width: `${percent}%` }} />
      )}
    </div>
  );
}
