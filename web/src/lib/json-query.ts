/**
 * The query options of a GET call, so that each file of `features/<feature>/api/` or `lib/get-*.ts`
 * only says what is its own: the key, the path, the answer's type and how fresh it must be.
 */
import { keepPreviousData, type QueryKey, queryOptions, type UseQueryOptions } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "./api-client";

/** What a query may set besides its key and fetcher (staleTime, refetchInterval, placeholderData…). */
export type JsonQueryExtras<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, "queryKey" | "queryFn">;

/** GET `path` with the query's abort signal, parsed as `T`. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiJson<T>("GET", path, undefined, { signal });
}

/** `queryOptions` of GET `path` under `queryKey`; the key only names the data (no URL is derived from it). */
export function jsonQueryOptions<T>(queryKey: QueryKey, path: string, extras: JsonQueryExtras<T> = {}) {
  return queryOptions<T, Error, T, QueryKey>({ queryKey, queryFn: ({ signal }) => getJson<T>(path, signal), ...extras });
}

/**
 * An e-mailed link's token checked without using it up: POST `{ token }` to `path`, as a query under
 * `[name, token]` (the answer says whom or what the link is for; a used or expired link is refused).
 */
export function linkTokenQueryOptions<T>(name: string, path: string, token: string) {
  return queryOptions<T, Error, T, QueryKey>({ queryKey: [name, token], queryFn: () => apiJson<T>("POST", path, { token }) });
}

/** A page of a list: how many, from where. */
export type PageParams = { limit: number; offset: number };

/** A page of a searchable list (the search text is part of the key, like the page). */
export type SearchPageParams = PageParams & { search: string };

/**
 * One page of a paged list (GET `path?search=&limit=&offset=`): the params are part of the key
 * (`[...listKey, params]`, so invalidating `listKey` refreshes every page), every visit asks the
 * server, and the shown page stays while the next one loads.
 */
export function pagedQueryOptions<T>(listKey: QueryKey, path: string, params: PageParams | SearchPageParams) {
  return jsonQueryOptions<T>([...listKey, params], withSearchParams(path, { ...params }), {
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * A list filtered by status (every status when undefined), GET `path[?status=]`: the filter is part of
 * the key as `{ status }` (null for all) and every visit asks the server.
 */
export function statusListQueryOptions<T>(listKey: QueryKey, path: string, status: string | undefined) {
  return jsonQueryOptions<T>([...listKey, { status: status ?? null }], withSearchParams(path, { status }), { staleTime: 0 });
}
