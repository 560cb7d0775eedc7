import { ArrowRight } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { PANEL_LIMIT, type SearchResponse } from "../api/search";
import { formatTotal } from "../lib/format-result";
import { LoopResultRow, UserResultRow } from "./search-result-rows";

interface SearchResultsProps {
  data: SearchResponse;
  onNavigate: () => void;
  onViewAll: () => void;
}

/** The top bar panel's results: users, loops (with "10+" totals) and the View all results button. */
export function SearchResults({ data, onNavigate, onViewAll }: SearchResultsProps) {
  const { users, loops, totalUsers, totalLoops, totalUsersCapped, totalLoopsCapped } = data;
  return (
    <div>
      <div className="max-h-[min(28rem,65dvh)] overflow-y-auto p-2">
        <ResultSection title="Users" items={users} total={totalUsers} capped={totalUsersCapped}>
          {(user) => <UserResultRow user={user} onNavigate={onNavigate} />}
        </ResultSection>
        <ResultSection title="Loops" items={loops} total={totalLoops} capped={totalLoopsCapped}>
          {(loop) => <LoopResultRow loop={loop} onNavigate={onNavigate} />}
        </ResultSection>
      </div>
      <div className="border-t border-border p-2">
        <Button variant="ghost" size="sm" className="w-full justify-between text-foreground" onClick={onViewAll} data-search-item>
          View all results
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}

interface ResultSectionProps<T> {
  title: string;
  /** The results shown (none: no section), each a row given by `children`. */
  items: readonly T[];
  total: number;
  capped?: boolean;
  children: (item: T) => ReactNode;
}

/** One kind of result: its title and total, and a row per result. */
function ResultSection<T extends { id: string }>({ title, items, total, capped, children }: ResultSectionProps<T>) {
  const headingId = useId();
  if (items.length === 0) return null;
  const shown = formatTotal(total, PANEL_LIMIT, capped);
  return (
    <section aria-labelledby={headingId} className="mb-1 last:mb-0">
      <h3
        id={headingId}
        className="flex items-center justify-between px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-foreground normal-case">
          {shown}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </span>
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
    </section>
  );
}
