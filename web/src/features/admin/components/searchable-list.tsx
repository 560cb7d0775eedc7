import type { ReactNode } from "react";
import { useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { SearchPageParams } from "@/lib/json-query";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { Pager } from "./pager";
import { QueryStates } from "./query-states";
import { SEARCH_DEBOUNCE_MS, SearchInput } from "./search-input";

/**
 * The search box's text, its debounced form and the page offset (back to the first page on every
 * change of search); `params` is the page to ask the list's API for.
 */
export function useSearchPaging(limit: number) {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const onSearch = (value: string) => {
    setSearch(value);
    setOffset(0);
  };
  const params: SearchPageParams = { search: debounced, limit, offset };
  return { search, onSearch, debounced, offset, setOffset, limit, params };
}

interface SearchableListProps<T> {
  paging: ReturnType<typeof useSearchPaging>;
  /** The search box's placeholder (its name is "Search <noun>"). */
  placeholder: string;
  query: { isError: boolean; isFetching: boolean; refetch: () => unknown; data?: { total: number } };
  items: readonly T[] | undefined;
  /** Lower-case plural ("loops"): the loading, empty and pager texts; capitalised it names the list. */
  noun: string;
  skeletonClassName: string;
  children: (item: T) => ReactNode;
}

/** A searched, paged admin list: the search box, then the load error, skeleton rows, "No … yet/match", or the rows and a pager. */
export function SearchableList<T>({
  paging: { search, onSearch, debounced, offset, setOffset, limit },
  placeholder,
  query,
  items,
  noun,
  skeletonClassName,
  children,
}: SearchableListProps<T>) {
  return (
    <>
      <SearchInput label={`Search ${noun}`} placeholder={placeholder} value={search} onChange={onSearch} />
      <QueryStates
        query={{
          isError: query.isError,
          refetch: query.refetch,
          data: query.data && items ? { total: query.data.total, items } : undefined,
        }}
        noun={noun}
        loading={
          <div role="status" className="grid gap-3" aria-label={`Loading ${noun}`}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className={skeletonClassName} />
            ))}
          </div>
        }
        empty={debounced ? `No ${noun} match "${debounced}".` : `No ${noun} yet.`}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <>
            <ul className="grid gap-3" aria-label={noun[0]!.toUpperCase() + noun.slice(1)} aria-busy={query.isFetching}>
              {data.items.map(children)}
            </ul>
            <Pager offset={offset} limit={limit} total={data.total} onOffsetChange={setOffset} noun={noun} />
          </>
        )}
      </QueryStates>
    </>
  );
}
