import { paths } from "@loop/rules/paths";
import type { LibraryEntry } from "@loop/rules/schemas/library";
import { Library, Search, SearchX, X } from "lucide-react";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { LoadMore } from "@/components/load-more";
import { SkeletonList } from "@/components/skeleton-list";
import { MembersOnly, type MembersOnlyPageProps } from "@/components/members-only-page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { LoadError } from "@/components/ui/load-error";
import { TabList, TabPanel } from "@/components/ui/tab-list";
import { cn } from "@/lib/utils";
import { useLibrary } from "../api/get-library";
import { useLibraryEntry } from "../api/get-library-entry";
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  LIBRARY_KIND_TABS,
  type LibraryFilters,
  NO_LIBRARY_FILTERS,
} from "../lib/library-filters";
import { LibraryEntryCard, libraryQueue } from "./library-entry-card";
import { LibraryFilterBar } from "./library-filter-bar";

export type LibraryPageProps = MembersOnlyPageProps;

/**
 * /library (issue 37): everything the member bought or downloaded for free, newest first, filtered by
 * kind, format and text (kept in the address), 24 at a time. `?entry=<licence id>` (the e-mails' link)
 * shows that entry first, highlighted. Signed out, a sign-in prompt.
 */
export function LibraryPage(props: LibraryPageProps) {
  return (
    <MembersOnly {...props} loadingLabel="Loading your library" icon={Library} signInText="Please sign in to see your library">
      {() => <SignedInLibrary />}
    </MembersOnly>
  );
}

function SignedInLibrary() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const entryId = params.get("entry")?.trim() || null;
  const change = useCallback(
    (patch: Partial<LibraryFilters>) =>
      setParams((current) => filtersToSearchParams({ ...filtersFromSearchParams(current), ...patch }, current), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="font-display text-4xl font-black tracking-tight">Library</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Everything you bought or downloaded for free: play it, download it again, and find its licence and receipt.
        </p>
      </header>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <TabList tabs={LIBRARY_KIND_TABS} value={filters.kind} onChange={(kind) => change({ kind })} idPrefix="library" label="Kind" />
        <LibraryFilterBar filters={filters} onChange={change} />
      </div>
      <TabPanel idPrefix="library" value={filters.kind}>
        <LibraryList filters={filters} entryId={entryId} onClearFilters={() => change(NO_LIBRARY_FILTERS)} />
      </TabPanel>
    </div>
  );
}

function LibraryList({
  filters,
  entryId,
  onClearFilters,
}: {
  filters: LibraryFilters;
  entryId: string | null;
  onClearFilters: () => void;
}) {
  const list = useLibrary(filters);
  // The entry an e-mail links to, even when it is not on the first page; not the member's (404) or not
  // loaded: the list alone.
  const linked = useLibraryEntry(entryId).data ?? null;
  const pages = list.data?.pages;
  const entries = useMemo(() => pages?.flatMap((page) => page.entries) ?? [], [pages]);
  const shown = useMemo<LibraryEntry[]>(
    () => (linked ? [linked, ...entries.filter((entry) => entry.id !== linked.id)] : entries),
    [linked, entries],
  );
  const queue = useMemo(() => libraryQueue(shown), [shown]);

  if (list.isPending) {
    return (
      <SkeletonList
        role="status"
        className="grid gap-3"
        aria-label="Loading your library"
        aria-busy
        itemClassName="h-36 w-full rounded-xl"
      />
    );
  }
  if (!list.data) return <LoadError message="Your library could not be loaded." onRetry={() => void list.refetch()} />;

  const filtered = hasActiveFilters(filters);
  if (shown.length === 0) return filtered ? <NoMatches onClear={onClearFilters} /> : <EmptyLibrary />;

  return (
    <>
      <ul
        aria-label="Your library"
        aria-busy={list.isPlaceholderData}
        className={cn("grid grid-cols-1 gap-3 transition-opacity", list.isPlaceholderData && "opacity-60")}
      >
        {shown.map((entry) => (
          <li key={entry.id}>
            <LibraryEntryCard entry={entry} queue={queue} highlighted={entry === linked} />
          </li>
        ))}
      </ul>
      {/* Only the linked entry is shown: the filters match nothing else. */}
      {entries.length === 0 && filtered ? <NoMatches onClear={onClearFilters} className="mt-3" /> : null}
      <LoadMore query={list} label="Load more" noun="entries" />
    </>
  );
}

function EmptyLibrary() {
  return (
    <Card className="p-10 text-center">
      <Library className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">Nothing in your library yet</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The loops you buy or download for free show up here, with their licences and receipts.
      </p>
      <LinkButton to={paths.home()} icon={Search} className="mt-6">
        Browse loops
      </LinkButton>
    </Card>
  );
}

function NoMatches({ onClear, className }: { onClear: () => void; className?: string }) {
  return (
    <Card className={cn("p-10 text-center", className)}>
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">Nothing matches these filters</h2>
      <p className="mt-1 text-sm text-muted-foreground">Try another kind, format or search.</p>
      <Button variant="outline" className="mt-6" onClick={onClear}>
        <X aria-hidden />
        Clear filters
      </Button>
    </Card>
  );
}
