import { Loader2, Search } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatCount } from "@/lib/format";
import { isSearchable, normalizeQuery, SEARCH_HINT, SEARCH_MAX_CHARS } from "../api/search";
import { useSearchPages } from "../api/search-pages";
import { formatSearchTotal } from "../lib/format-result";
import { UserResultRow } from "./search-result-rows";

export interface SearchPageProps {
  /** The query from the address (?q=). */
  query: string;
  /** Changes the address's query (a new search). */
  onQueryChange: (q: string) => void;
  /**
   * The loops matching the query, as the catalog's playable, buyable cards with its filters (the
   * app composes them: this feature does not know the catalog).
   */
  loops: (q: string) => ReactNode;
}

/**
 * /search?q=: the users matching the query, a page at a time ("Load more users"), then the loops
 * containing it as cards, with the catalog's filters (docs/product.md#search).
 */
export function SearchPage({ query, onQueryChange, loops }: SearchPageProps) {
  const q = normalizeQuery(query);
  const pages = useSearchPages(q);

  const users = pages.data?.pages.flatMap((page) => page.users) ?? [];
  // The latest page's total: a total that is only a lower bound ("1,000+") grows as pages load.
  const last = pages.data?.pages.at(-1);
  const totalUsers = last?.totalUsers ?? 0;
  const usersCapped = last?.totalUsersCapped ?? false;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 max-w-3xl">
        <h1 className="font-display text-3xl font-black tracking-tight">{isSearchable(q) ? `Results for "${q}"` : "Search"}</h1>
        <SearchForm key={q} initial={q} onSubmit={onQueryChange} />
      </header>

      {!isSearchable(q) ? (
        <Message>{SEARCH_HINT}</Message>
      ) : (
        <>
          {pages.isPending ? (
            <div role="status" className="flex items-center justify-center gap-2 py-8 text-muted-foreground">
              <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
              Searching…
            </div>
          ) : pages.isError ? (
            <Message tone="error">Search failed. Please try again.</Message>
          ) : (
            <ResultCard title="Users" shown={users.length} total={totalUsers} capped={usersCapped} empty={`No users match "${q}"`}>
              {users.map((user) => (
                <li key={user.id}>
                  <UserResultRow user={user} />
                </li>
              ))}
            </ResultCard>
          )}
          {pages.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {pages.isFetchingNextPage ? "Loading…" : "Load more users"}
              </Button>
            </div>
          ) : null}
          {pages.isFetchNextPageError ? (
            <p className="mt-3 text-center text-sm text-destructive">More users could not be loaded. Please try again.</p>
          ) : null}
          <div className="mt-10">{loops(q)}</div>
        </>
      )}
    </div>
  );
}

/** The page's own search field (restarts from the address's query when it changes). */
function SearchForm({ initial, onSubmit }: { initial: string; onSubmit: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(normalizeQuery(text));
  };
  return (
    <form role="search" onSubmit={submit} className="mt-5 flex gap-2">
      <label htmlFor="search-page-input" className="sr-only">
        Search loops and creators
      </label>
      <Input
        id="search-page-input"
        type="search"
        value={text}
        maxLength={SEARCH_MAX_CHARS}
        placeholder="Search loops, creators…"
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" className="h-11">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}

function Message({ children, tone }: { children: ReactNode; tone?: "error" }) {
  return (
    <Card className="p-10 text-center">
      <p className={tone === "error" ? "text-destructive" : "text-muted-foreground"}>{children}</p>
    </Card>
  );
}

function ResultCard({
  title,
  shown,
  total,
  capped,
  empty,
  children,
}: {
  title: string;
  shown: number;
  total: number;
  capped: boolean;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card aria-label={title} className="p-3">
      <h2 className="flex items-center justify-between px-2.5 pt-1 pb-2 text-sm font-semibold">
        {title}
        <span className="text-xs font-normal text-muted-foreground">
          {total === 0 ? "0" : `${formatCount(shown)} of ${formatSearchTotal(total, capped)}`}
        </span>
      </h2>
      {total === 0 ? (
        <p className="px-2.5 pb-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-0.5 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
      )}
    </Card>
  );
}
