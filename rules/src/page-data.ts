/**
 * What the server puts in a page's HTML for links to preview and for the app to start from (issue 36),
 * zod-free: the first page and the web's dev server read it.
 */

/**
 * A loop's page (`/loops/:loopId`) carries GET /api/loops/:id's answer for a signed-out visitor in
 * `<script id="loop-data" type="application/json">` (`<` written as \u003c).
 */
export const LOOP_DATA_ELEMENT_ID = "loop-data";

/**
 * A member's public profile (`/profile/:userId`) carries its card's fields (GET
 * /api/users/:id/profile's `user` and `totalLoops` for a visitor) in
 * `<script id="profile-data" type="application/json">`: the page's loading state shows the card
 * from it before any answer (its bio is a phone's largest paint).
 */
export const PROFILE_DATA_ELEMENT_ID = "profile-data";

/**
 * Every page's `<meta name="loop-session" content="1|0">`: whether the request for it carried the
 * session cookie, so that a visitor's first page does not ask GET /api/auth/user only to get a 401.
 */
export const SESSION_META_NAME = "loop-session";

/** A loop page's title, the server's <title> and the tab's while the page shows: "Velvet Drift by maya — LOOP". */
export const loopPageTitle = (title: string, creator: string) => `${title} by ${creator} — LOOP`;

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']?description["']?[^>]*>\s*/i;

/**
 * The web app's index.html without its own <title> and description meta, split where the title
 * stood (without one, before </head>, or at the start): each page's head goes between the halves
 * (`withHead`). The API splits the built file once; `pnpm dev`'s web server, the page it serves.
 */
export function splitPageTemplate(html: string): { before: string; after: string } {
  const rest = html.replace(DESCRIPTION, "");
  const title = TITLE.exec(rest);
  if (title) return { before: rest.slice(0, title.index), after: rest.slice(title.index + title[0].length) };
  const headEnd = rest.search(/<\/head>/i);
  const at = headEnd >= 0 ? headEnd : 0;
  return { before: rest.slice(0, at), after: rest.slice(at) };
}

/** The page with `head` (lines indented by four spaces, as in index.html) between the template's halves. */
export function withHead({ before, after }: { before: string; after: string }, head: string): string {
  const indent = /[ \t]*$/.exec(before)?.[0] ?? "";
  return `${before}${head}\n${indent}${after}`;
}

/**
 * The web build's `route-preloads.json` (web/vite-route-preloads.ts): for each page pattern of
 * `paths` whose route loads lazily, that route's chunk (`/assets/…js`). The server lists it as
 * `<link rel="modulepreload">` in that page's HTML, so it downloads with the app's own files
 * instead of after them.
 */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** `route-preloads.json`'s content: page pattern (`"/loops/:loopId"`) → files. */
export type RoutePreloads = Record<string, string[]>;
