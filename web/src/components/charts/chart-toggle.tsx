import { cn } from "@/lib/utils";

export interface ChartToggleProps<T extends string> {
  /** Names the group for screen readers ("Currency", say). */
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A small row of toggle buttons for a chart's actions (LOOP or USD, count or amount): the pressed one is shown. */
export function ChartToggle<T extends string>({ label, options, value, onChange }: ChartToggleProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-border p-0.5">
      {options.map((item) => (
        <button
          key={item.id}
          type="button"
          aria-pressed={item.id === value}
          onClick={() => onChange(item.id)}
          className={cn(
            "h-7 cursor-pointer rounded px-2.5 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring",
            item.id === value ? "bg-primary/20 text-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
