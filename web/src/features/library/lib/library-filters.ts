/**
 * The library's filters (kind, format, search text) as the address keeps them (`?kind=free&format=wav&q=…`,
 * so a reload or a shared link keeps them) and as GET /api/library asks for them.
 */
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { LibraryKind } from "@loop/rules/schemas/library";

/** The kind tabs, in order; `all` is the default (not written in the address). */
export const LIBRARY_KIND_TABS = [
  { id: "all", label: "All" },
  { id: "purchased", label: "Purchased" },
  { id: "free", label: "Free downloads" },
] as const satisfies readonly { id: LibraryKind; label: string }[];

/** The API refuses a longer search (LIBRARY_MESSAGES.search). */
export const LIBRARY_SEARCH_MAX_CHARS = 200;

export interface LibraryFilters {
  kind: LibraryKind;
  /** null: any format. */
  format: DeliveryFormat | null;
  /** Trimmed; "" for none. */
  search: string;
}

export const NO_LIBRARY_FILTERS: LibraryFilters = { kind: "all", format: null, search: "" };

/** The filters in the address; what cannot be read is ignored (the defaults). */
export function filtersFromSearchParams(params: URLSearchParams): LibraryFilters {
  const kind = LIBRARY_KIND_TABS.find((tab) => tab.id === params.get("kind"))?.id ?? "all";
  const format = DELIVERY_FORMATS.find((candidate) => candidate === params.get("format")) ?? null;
  const search = (params.get("q") ?? "").trim().slice(0, LIBRARY_SEARCH_MAX_CHARS);
  return { kind, format, search };
}

/** `current` with the filters written in (defaults left out); other parameters (`entry`) are kept. */
export function filtersToSearchParams(filters: LibraryFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set("kind", filters.kind === "all" ? null : filters.kind);
  set("format", filters.format);
  set("q", filters.search.trim() || null);
  return next;
}

export function hasActiveFilters(filters: LibraryFilters): boolean {
  return filters.kind !== "all" || filters.format !== null || filters.search !== "";
}
