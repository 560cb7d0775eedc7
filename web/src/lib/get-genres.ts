import type { Genre } from "@loop/rules/schemas/api-responses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

/** GET /api/genres: every genre, by name (the filters and the upload form). */
export const genresQueryOptions = queryOptions({
  queryKey: ["/api/genres"] as const,
  queryFn: getQueryFn<Genre[]>({ on401: "throw" }),
});

export function useGenres() {
  return useQuery(genresQueryOptions);
}
