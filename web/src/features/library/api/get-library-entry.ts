import type { LibraryEntry } from "@loop/rules/schemas/library";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { LIBRARY_QUERY_KEY } from "./get-library";

/** GET /api/library/:id: one entry of the member's library by its licence id (404 when it is not theirs). */
export function libraryEntryQueryOptions(entryId: string) {
  return jsonQueryOptions<LibraryEntry>([...LIBRARY_QUERY_KEY, "entry", entryId], `/api/library/${encodeURIComponent(entryId)}`, {
    staleTime: 0,
  });
}

/** The entry an e-mail links to (`/library?entry=<id>`); nothing is asked without one. */
export function useLibraryEntry(entryId: string | null) {
  return useQuery({ ...libraryEntryQueryOptions(entryId ?? ""), enabled: entryId !== null });
}
