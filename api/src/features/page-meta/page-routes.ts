// The web app's pages as the server knows them (issue 36): the one list, taken from the router's
// patterns (`paths.*.pattern` in rules/src/paths.ts, which web/src/app/router.tsx routes), of which
// pages exist, which have a head of their own (the shareable ones), and which are private (noindex,
// and disallowed in robots.txt). A path that matches none is the app's not-found page: 404.
import { paths } from "@loop/rules/paths";

/** The pages whose head the server renders from the database, with their path parameter. */
export type ShareablePage =
  | { kind: "root" }
  | { kind: "home" }
  | { kind: "loop"; id: string }
  | { kind: "profile"; id: string }
  | { kind: "collection"; id: string }
  | { kind: "licence"; id: string };

/** Where a path leads: a shareable page, another page of the app (private or not), or nowhere (404). */
export type PageMatch = ShareablePage | { kind: "app"; private: boolean } | { kind: "unknown" };

/**
 * Pages for the signed-in member or for one visit (a token in the link, a search): never indexed
 * (a robots noindex meta) and disallowed in robots.txt.
 */
export const PRIVATE_PAGES: readonly { readonly pattern: string }[] = [
  paths.homeFollowing,
  paths.search,
  paths.tokens,
  paths.settings,
  paths.profile,
  paths.emailConfirm,
  paths.login,
  paths.loginConfirm,
  paths.level,
  paths.negotiations,
  paths.library,
  paths.analytics,
  paths.admin,
];

const SHAREABLE: ReadonlyMap<string, (param: string) => ShareablePage> = new Map<string, (param: string) => ShareablePage>([
  [paths.root.pattern, () => ({ kind: "root" })],
  [paths.home.pattern, () => ({ kind: "home" })],
  [paths.loop.pattern, (id) => ({ kind: "loop", id })],
  [paths.userProfile.pattern, (id) => ({ kind: "profile", id })],
  [paths.collection.pattern, (id) => ({ kind: "collection", id })],
  [paths.licence.pattern, (id) => ({ kind: "licence", id })],
]);

interface CompiledPattern {
  readonly pattern: string;
  readonly regex: RegExp;
  readonly dynamic: boolean;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern as React Router matches it: `:name` is one segment, a trailing slash is allowed, case
 * does not matter (its default).
 */
function compile(pattern: string): CompiledPattern {
  const source = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "([^/]+)" : escapeRegex(segment)))
    .join("/");
  return { pattern, regex: new RegExp(`^${source}/?$`, "i"), dynamic: pattern.includes(":") };
}

/** Every page of `paths`, static patterns first (React Router ranks `/profile/email/confirm` above `/profile/:userId`). */
const PATTERNS: readonly CompiledPattern[] = [...new Set(Object.values(paths).map((page) => page.pattern))]
  .map(compile)
  .sort((a, b) => Number(a.dynamic) - Number(b.dynamic));

const PRIVATE_PATTERNS = new Set(PRIVATE_PAGES.map((page) => page.pattern));

/** The page `pathname` (no query string) leads to. */
export function matchPage(pathname: string): PageMatch {
  for (const { pattern, regex } of PATTERNS) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const shareable = SHAREABLE.get(pattern);
    if (shareable) {
      try {
        return shareable(found[1] === undefined ? "" : decodeURIComponent(found[1]));
      } catch {
        // A malformed escape (`%E0%A4%A`): no page.
        return { kind: "unknown" };
      }
    }
    return { kind: "app", private: PRIVATE_PATTERNS.has(pattern) };
  }
  return { kind: "unknown" };
}

/**
 * robots.txt's rules (robots.ts): the private pages, each as a path prefix, except `/profile`,
 * which would cover the public `/profile/:userId` (`$` ends it; RFC 9309).
 */
export function disallowedPrefixes(): string[] {
  return PRIVATE_PAGES.map((page) => (page.pattern === paths.profile.pattern ? `${page.pattern}$` : page.pattern));
}
