import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";

export interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** What is counted, e.g. "users". */
  noun: string;
}

/** "21–40 of 45 users" with Previous / Next; nothing when everything fits on one page. */
export function Pager({ offset, limit, total, onOffsetChange, noun }: PagerProps) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <span>
        {formatCount(total === 0 ? 0 : offset + 1)}–{formatCount(last)} of {formatCount(total)} {noun}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onOffsetChange(offset + limit)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </span>
    </nav>
  );
}
