import type { ReactNode } from "react";
import { useState } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { Pager } from "./pager";
import { SEARCH_DEBOUNCE_MS } from "./search-input";

/** The search box's text, its debounced form and the page offset (back to the first page on every change of search). */
export function useSearchPaging() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const onSearch = (value: string) => {
    setSearch(value);
    setOffset(0);
  };
  return { search, onSearch, debounced, offset, setOffset };
}

interface SearchableListProps<T> {
  query: { isError: boolean; isFetching: boolean; refetch: () => unknown; data?: { total: number } };
  items: readonly T[] | undefined;
  /** Lower-case plural ("loops"): the loading, empty and pager texts; capitalised it names the list. */
  noun: string;
  /** The search in force, for "No … match". */
  search: string;
  skeletonClassName: string;
  offset: number;
  limit: number;
  onOffsetChange: (offset: number) => void;
  children: (item: T) => ReactNode;
}

/** A searched, paged admin list: load error, skeleton rows, "No … yet/match", or the rows and a pager. */
export function SearchableList<T>({
  query,
  items,
  noun,
  search,
  skeletonClassName,
  offset,
  limit,
  onOffsetChange,
  children,
}: SearchableListProps<T>) {
  if (query.isError) return <LoadError message={`The ${noun} could not be loaded.`} onRetry={() => void query.refetch()} />;
  if (!query.data || !items)
    return (
      <div className="grid gap-3" aria-label={`Loading ${noun}`}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className={skeletonClassName} />
        ))}
      </div>
    );
  if (items.length === 0)
    return <p className="py-8 text-center text-muted-foreground">{search ? `No ${noun} match "${search}".` : `No ${noun} yet.`}</p>;
  return (
    <>
      <ul className="grid gap-3" aria-label={noun[0]!.toUpperCase() + noun.slice(1)} aria-busy={query.isFetching}>
        {items.map(children)}
      </ul>
      <Pager offset={offset} limit={limit} total={query.data.total} onOffsetChange={onOffsetChange} noun={noun} />
    </>
  );
}

/** One figure of a row's `<dl>`: a term and its value, the value bold (and tabular unless `plain`). */
export function Figure({ term, plain = false, children }: { term: string; plain?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className={plain ? "font-semibold text-foreground" : "font-semibold text-foreground tabular-nums"}>{children}</dd>
    </div>
  );
}
