import { cn } from "@/lib/utils";

export interface HeroFigure {
  value: string;
  label: string;
}

/** A hero's row of big figures ("1M+ Tokens earned"), each under a violet rule; `className` places and sizes the row. */
export function HeroFigures({ figures, className }: { figures: readonly HeroFigure[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-4", className)}>
      {figures.map((figure) => (
        <div key={figure.label} className="border-l-2 border-primary/50 pl-3">
          <dt className="text-xs tracking-wide text-muted-foreground uppercase">{figure.label}</dt>
          <dd className="mt-1 font-display text-2xl font-extrabold">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
