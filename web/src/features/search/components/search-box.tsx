import { paths } from "@loop/rules/paths";
import { Loader2, Search, X } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { cn } from "@/lib/utils";
import { isSearchable, normalizeQuery, SEARCH_HINT, SEARCH_MAX_CHARS, type SearchResponse, useSearch } from "../api/search";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** The results list loads when the panel first opens (before any result can arrive): not in the landing page's JavaScript. */
const loadSearchResults = () => import("./search-results");
const SearchResults = lazy(() => loadSearchResults().then((m) => ({ default: m.SearchResults })));

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export function searchPagePath(q: string): string {
  return paths.search(normalizeQuery(q));
}

/**
 * The top bar's search box and its results panel (docs/product.md#search): fewer than 3 characters → hint;
 * loading; no results; results (users link to /profile/{id}) with "10+" totals and a View all
 * results button. Escape closes the panel, Enter opens the View all results page, the arrow keys
 * move through the results.
 */
export function SearchBox({ className }: { className?: string }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const query = normalizeQuery(text);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useSearch(open ? debounced : "");

  useEffect(() => {
    if (open) void loadSearchResults().catch(() => undefined);
  }, [open]);

  // Closes on a click or focus outside the box and its panel.
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (containerRef.current && event.target instanceof Node && !containerRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  const afterNavigate = () => {
    setOpen(false);
    setText("");
  };
  const viewAll = () => {
    if (!isSearchable(query)) return;
    afterNavigate();
    inputRef.current?.blur();
    void navigate(searchPagePath(query));
  };

  const items = () => Array.from(containerRef.current?.querySelectorAll<HTMLElement>("[data-search-item]") ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const list = items();
    if (list.length === 0) return;
    event.preventDefault();
    setOpen(true);
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === "ArrowDown") list[index < 0 ? 0 : Math.min(list.length - 1, index + 1)]?.focus();
    else if (index <= 0) inputRef.current?.focus();
    else list[index - 1]?.focus();
  };

  const typing = query !== debounced;
  const state: PanelState = !isSearchable(query)
    ? { kind: "hint" }
    : typing || (search.isFetching && search.isPlaceholderData) || search.isPending
      ? { kind: "loading" }
      : search.isError
        ? { kind: "error" }
        : search.data && search.data.totalUsers + search.data.totalLoops > 0
          ? { kind: "results", data: search.data }
          : { kind: "empty" };

  return (
    <div ref={containerRef} className={cn("relative", className)} onKeyDown={onKeyDown}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          viewAll();
        }}
      >
        <label htmlFor={`${panelId}-input`} className="sr-only">
          Search loops and creators
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          ref={inputRef}
          id={`${panelId}-input`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search loops, creators…"
          value={text}
          maxLength={SEARCH_MAX_CHARS}
          // A searchbox may not carry aria-expanded (axe: aria-allowed-attr); it names the panel it controls.
          aria-controls={open ? panelId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (text) setOpen(true);
          }}
          onClick={() => setOpen(true)}
          className="h-9 w-full rounded-full border border-input bg-surface/80 pr-8 pl-9 text-sm text-foreground transition-colors placeholder:text-muted-foreground/70 hover:border-primary/40 focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText("");
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </form>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Search results"
          className="absolute top-full right-0 left-0 z-50 mt-2 min-w-72 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-2xl shadow-black/50 animate-fade-in sm:min-w-96"
        >
          <SearchResultsPanel state={state} query={query} onNavigate={afterNavigate} onViewAll={viewAll} />
        </div>
      ) : null}
    </div>
  );
}

export type PanelState =
  { kind: "hint" } | { kind: "loading" } | { kind: "error" } | { kind: "empty" } | { kind: "results"; data: SearchResponse };

interface SearchResultsPanelProps {
  state: PanelState;
  query: string;
  onNavigate: () => void;
  onViewAll: () => void;
}

export function SearchResultsPanel({ state, query, onNavigate, onViewAll }: SearchResultsPanelProps) {
  if (state.kind === "hint") return <p className="px-4 py-5 text-center text-sm text-muted-foreground">{SEARCH_HINT}</p>;
  if (state.kind === "loading") return <Searching />;
  if (state.kind === "error") return <p className="px-4 py-5 text-center text-sm text-destructive">Search failed. Please try again.</p>;
  if (state.kind === "empty")
    return <p className="px-4 py-5 text-center text-sm text-muted-foreground">{`No results found for "${query}"`}</p>;
  return (
    <Suspense fallback={<Searching />}>
      <SearchResults data={state.data} onNavigate={onNavigate} onViewAll={onViewAll} />
    </Suspense>
  );
}

function Searching() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 px-4 py-5 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
      Searching…
    </p>
  );
}
