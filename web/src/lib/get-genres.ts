import type { Genre } from "@loop/rules/schemas/api-responses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** GET /api/genres: every genre, by name (the filters and the upload form). */
export function getGenres(signal?: AbortSignal): Promise<Genre[]> {
  return apiJson<Genre[]>("GET", "/api/genres", undefined, { signal });
}

export const genresQueryOptions = queryOptions({
  queryKey: ["/api/genres"] as const,
  queryFn: ({ signal }) => getGenres(signal),
});

export function useGenres() {
  return useQuery(genresQueryOptions);
}
