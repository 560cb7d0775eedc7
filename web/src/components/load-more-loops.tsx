import { LoadMore, type NextPageQuery } from "@/components/load-more";

/** "Load More Loops" under a paged list of loops, and the error when the next page failed. */
export function LoadMoreLoops({ query }: { query: NextPageQuery }) {
  return <LoadMore query={query} label="Load More Loops" noun="loops" />;
}
