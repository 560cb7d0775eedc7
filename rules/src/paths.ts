/**
 * The web's pages (docs/product.md#routes), one place for the router's patterns, the page's links
 * and the API's notification links (`actionUrl`). Call a path for the URL of a page
 * (`paths.userProfile(id)`); its `pattern` is what the router matches (`"/profile/:userId"`).
 * Zod-free and tiny: the first page imports it.
 */

export type PagePath<Args extends unknown[] = []> = ((...args: Args) => string) & { readonly pattern: string };

function page(pattern: string): PagePath;
function page<Args extends unknown[]>(pattern: string, build: (...args: Args) => string): PagePath<Args>;
function page(pattern: string, build: (...args: unknown[]) => string = () => pattern): PagePath<unknown[]> {
  return Object.assign(build, { pattern });
}

export const paths = {
  /** The landing page for visitors, the catalog for members. */
  root: page("/"),
  /** The catalog, for everyone. */
  home: page("/home"),
  /** The catalog's Following tab: new loops from the creators the member follows (issue 24). */
  homeFollowing: page("/home/following"),
  /** The search results page; with a query, for that query. */
  search: page("/search", (query?: string) =>
    query === undefined ? "/search" : `/search?${new URLSearchParams({ q: query }).toString()}`,
  ),
  tokens: page("/tokens"),
  settings: page("/settings"),
  /** The signed-in member's own profile. */
  profile: page("/profile"),
  /** A member's public profile. */
  userProfile: page("/profile/:userId", (userId: string) => `/profile/${encodeURIComponent(userId)}`),
  /** Where the e-mail change link lands (`?token=…`). */
  emailConfirm: page("/profile/email/confirm"),
  login: page("/login"),
  /** Where the e-mail sign-in link lands (`?token=…`). */
  loginConfirm: page("/login/confirm"),
  level: page("/level"),
  negotiations: page("/negotiations"),
  /** The signed-in member's library: everything they bought or downloaded (issue 37); `?entry=<licence id>` shows one entry first. */
  library: page("/library", (entryId?: string) =>
    entryId === undefined ? "/library" : `/library?${new URLSearchParams({ entry: entryId }).toString()}`,
  ),
  /** The signed-in creator's own analytics (issue 23). */
  analytics: page("/analytics"),
  admin: page("/admin"),
  /** A collection ("crate"): a public one for anyone with the link, a private one for its owner (issue 24). */
  collection: page("/collections/:collectionId", (collectionId: string) => `/collections/${encodeURIComponent(collectionId)}`),
  /** A loop's own page: what every card, result, notification and e-mail links to (issue 36). */
  loop: page("/loops/:loopId", (loopId: string) => `/loops/${encodeURIComponent(loopId)}`),
  /** The public check of a purchase's licence (issue 24). */
  licence: page("/licences/:licenceId", (licenceId: string) => `/licences/${encodeURIComponent(licenceId)}`),
  /** The licence's full text (docs/licence.md), linked from every loop's page (issue 36). */
  licenceTerms: page("/licence"),
} as const;
