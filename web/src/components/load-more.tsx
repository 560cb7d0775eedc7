import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";

/** What "Load more" reads of a TanStack infinite query. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

export interface LoadMoreProps {
  query: NextPageQuery;
  /** The button's words ("Load more"). */
  label: string;
  /** What the pages hold, for the error: "More {noun} could not be loaded: …". */
  noun: string;
  /** A smaller button closer to the list (inside a card) rather than a page's large one. */
  compact?: boolean;
}

/** The button under a paged list while there are more pages, and the error when the next page failed. */
export function LoadMore({ query, label, noun, compact = false }: LoadMoreProps) {
  return (
    <>
      {query.hasNextPage ? (
        <div className={cn("flex justify-center", compact ? "mt-4" : "mt-8")}>
          <Button
            variant="outline"
            size={compact ? "default" : "lg"}
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {label}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-destructive">
          More {noun} could not be loaded: {getServerMessage(query.error, "please try again.")}
        </p>
      ) : null}
    </>
  );
}
