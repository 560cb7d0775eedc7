import type { MyLoop, MyLoopSort, MyLoopsPage } from "@loop/rules/schemas/my-loops";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { cursorPaging } from "@/lib/infinite-paging";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { MY_LOOPS_QUERY_KEY } from "@/lib/query-keys";

export type SortOrder = "asc" | "desc";

/** How the table is sorted: the column and the direction. */
export interface MyLoopsSort {
  sort: MyLoopSort;
  order: SortOrder;
}

/** Rows a page of the table holds. */
export const MY_LOOPS_PAGE_SIZE = 25;

/** How often the table refreshes while one of its rows is processing. */
export const MY_LOOPS_POLL_MS = 3000;

/**
 * GET /api/profile/loops: one page of the signed-in creator's loops (taken-down ones left out), with
 * their all-time plays, sales and earnings, in the asked order; the first page or the one `after` a cursor.
 */
export function getMyLoops({ sort, order }: MyLoopsSort, after: string | null, signal?: AbortSignal): Promise<MyLoopsPage> {
  const path = withSearchParams("/api/profile/loops", { sort, order, limit: MY_LOOPS_PAGE_SIZE, after: after ?? undefined });
  return apiJson<MyLoopsPage>("GET", path, undefined, { signal });
}

/** Pages by cursor for "Load more", under MY_LOOPS_QUERY_KEY (each sort its own list). */
export function myLoopsInfiniteQueryOptions(sort: MyLoopsSort) {
  return infiniteQueryOptions({
    queryKey: [...MY_LOOPS_QUERY_KEY, sort] as const,
    queryFn: ({ pageParam, signal }) => getMyLoops(sort, pageParam, signal),
    ...cursorPaging(),
    staleTime: 0,
  });
}

/** The loaded rows, every page in order. */
export function loadedRows(pages: readonly MyLoopsPage[] | undefined): MyLoop[] {
  return pages?.flatMap((page) => page.loops) ?? [];
}

/** The table's pages; asked again every few seconds while a row is processing, until it is ready (or failed). */
export function useMyLoops(sort: MyLoopsSort) {
  return useInfiniteQuery({
    ...myLoopsInfiniteQueryOptions(sort),
    refetchInterval: (query) =>
      loadedRows(query.state.data?.pages).some((loop) => loop.status === "processing") ? MY_LOOPS_POLL_MS : false,
  });
}
