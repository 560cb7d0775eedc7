import type { Genre } from "@loop/rules/schemas/api-responses";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

/** GET /api/genres: every genre, by name (the filters and the upload form). */
export const genresQueryOptions = jsonQueryOptions<Genre[]>(["/api/genres"], "/api/genres");

export function useGenres() {
  return useQuery(genresQueryOptions);
}
