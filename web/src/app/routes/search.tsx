import { useSearchParams } from "react-router";
import { SearchPage } from "@/features/search/components/search-page";

/** /search?q=: the View all results page (visitors included, docs/product.md#visitors). */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  return <SearchPage query={params.get("q") ?? ""} onQueryChange={(q) => setParams(q ? { q } : {})} />;
}
