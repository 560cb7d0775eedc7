import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { getServerMessage } from "@/lib/api-client";

/** What "Load More Loops" reads of a TanStack infinite query. */
interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load More Loops" under a paged list of loops, and the error when the next page failed. */
export function LoadMoreLoops({ query }: { query: NextPageQuery }) {
  return (
    <>
      {query.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Load More Loops
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-destructive">
          More loops could not be loaded: {getServerMessage(query.error, "please try again.")}
        </p>
      ) : null}
    </>
  );
}
