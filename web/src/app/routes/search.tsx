import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopBrowser } from "@/features/catalog/components/loop-browser";
import { SearchPage } from "@/features/search/components/search-page";
import { useRenderLoopCard } from "../loops/loop-card";

/**
 * /search?q=: the View all results page (visitors included, docs/product.md#visitors): the users
 * found, and the loops containing the text as the catalog's cards with its filters (kept in the
 * address beside `q`; a new search keeps them).
 */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const { openJoin } = useJoinDialog();
  const renderCard = useRenderLoopCard(openJoin);
  const onQueryChange = useCallback(
    (q: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (q) next.set("q", q);
        else next.delete("q");
        return next;
      }),
    [setParams],
  );
  return (
    <SearchPage
      query={params.get("q") ?? ""}
      onQueryChange={onQueryChange}
      loops={(q) => <LoopBrowser key={q} search={q} title="Loops" renderCard={renderCard} />}
    />
  );
}
