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
        {users.length > 0 ? (
          <ResultSection title="Users" total={totalUsers} capped={totalUsersCapped}>
            {users.map((user) => (
              <li key={user.id}>
                <UserResultRow user={user} onNavigate={onNavigate} />
              </li>
            ))}
          </ResultSection>
        ) : null}
        {loops.length > 0 ? (
          <ResultSection title="Loops" total={totalLoops} capped={totalLoopsCapped}>
            {loops.map((loop) => (
              <li key={loop.id}>
                <LoopResultRow loop={loop} onNavigate={onNavigate} />
              </li>
            ))}
          </ResultSection>
        ) : null}
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

function ResultSection({ title, total, capped, children }: { title: string; total: number; capped?: boolean; children: ReactNode }) {
  const headingId = useId();
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
      <ul>{children}</ul>
    </section>
  );
}
