import { paths } from "@loop/rules/paths";
import type { QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { userLoopsInfiniteQueryOptions } from "@/features/profile/api/get-user-loops";
import { userProfileQueryOptions } from "@/features/profile/api/get-user-profile";

/** A public profile's card and its first loops (the route's loading state shows the card from the first). */
export function preloadUserProfile(client: QueryClient, userId: string): void {
  void client.prefetchQuery(userProfileQueryOptions(userId));
  void client.prefetchInfiniteQuery(userLoopsInfiniteQueryOptions(userId));
}

type Params = Readonly<Record<string, string | undefined>>;

/** The API data a page's first screen is made of, by page pattern (only the pages that need one). */
const PRELOADS: readonly { pattern: string; preload: (client: QueryClient, params: Params) => void }[] = [
  { pattern: paths.userProfile.pattern, preload: (client, { userId = "" }) => preloadUserProfile(client, userId) },
];

/**
 * At start (main.tsx), before the first render: the page's data is asked for as soon as its URL is
 * known, beside the app's own code, instead of after the first render (or after the page's lazily
 * loaded code, as before). On a phone that is hundreds of milliseconds of the largest paint
 * (docs/decisions.md#pages-that-are-fast-on-a-phone-issue-39-5). Later navigations ask from the
 * route's loading state.
 */
export function preloadRouteData(client: QueryClient, pathname: string): void {
  for (const { pattern, preload } of PRELOADS) {
    const match = matchPath(pattern, pathname);
    if (match) return preload(client, match.params);
  }
}
