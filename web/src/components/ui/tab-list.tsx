import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { cn } from "@/lib/utils";

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** The ids that tie tab `id` to its panel: `${prefix}-tab-${id}` controls `${prefix}-panel-${id}`. */
export function tabIds(prefix: string, id: string) {
  return { tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel-${id}` };
}

export interface TabListProps<T extends string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix of the tab and panel ids (see `tabIds`), unique on the page. */
  idPrefix: string;
  label: string;
}

/**
 * A row of WAI-ARIA tabs: only the selected one is in the tab order; arrow keys, Home and End move
 * between them and focus the tab they choose. Pair it with a `TabPanel` of the same `idPrefix`.
 */
export function TabList<T extends string>({ tabs, value, onChange, idPrefix, label }: TabListProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = tabs.findIndex((candidate) => candidate.id === value);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? tabs.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
    const id = tabs[next]!.id;
    onChange(id);
    buttons.current.get(id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-xl border border-border bg-surface p-1">
      {tabs.map((candidate) => {
        const selected = value === candidate.id;
        const ids = tabIds(idPrefix, candidate.id);
        return (
          <button
            key={candidate.id}
            ref={(node) => {
              if (node) buttons.current.set(candidate.id, node);
              else buttons.current.delete(candidate.id);
            }}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(candidate.id)}
            onKeyDown={onKeyDown}
            className={cn(
              "cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring",
              selected ? "bg-primary/20 text-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {candidate.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab `value` of the `TabList` with the same `idPrefix`. */
export function TabPanel({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) {
  const ids = tabIds(idPrefix, value);
  return (
    <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} tabIndex={0} className="mt-6 outline-none">
      {children}
    </div>
  );
}
