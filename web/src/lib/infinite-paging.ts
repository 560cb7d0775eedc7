/**
 * How a paged list asks for its next page, spread into `infiniteQueryOptions` beside its key and
 * fetcher: by cursor (the catalog, a creator's loops, the library) or by offset (likes, a collection).
 */

/** A page of a list paged by cursor: its items under `K`, and the cursor of the page after it. */
type CursorPage<K extends string> = Record<K, readonly unknown[]> & { nextCursor: string | null };

/**
 * The first page has no cursor; each next page is the one after the last page's cursor, until the
 * server gives none or a page comes back empty. `items` names the pages' list ("loops" unless given).
 */
export function cursorPaging<K extends string = "loops">(items: K = "loops" as K) {
  return {
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: CursorPage<K>) => (lastPage[items].length > 0 && lastPage.nextCursor ? lastPage.nextCursor : undefined),
  };
}

/** A page of a list paged by offset: its loops, and how many the whole list holds. */
interface OffsetPage {
  loops: readonly unknown[];
  total: number;
}

/** The first page is at offset 0; each next page starts after the loops loaded so far, until they reach the total. */
export function offsetPaging() {
  return {
    initialPageParam: 0,
    getNextPageParam: (lastPage: OffsetPage, pages: readonly OffsetPage[]) => {
      const loaded = pages.reduce((count, page) => count + page.loops.length, 0);
      return lastPage.loops.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  };
}
