// The `route` label of a finished request: the full Express route pattern that matched
// (`/api/loops/:id`), never the URL (ids would make a series per loop); `unmatched` when no route
// did (404s, and refusals made by a middleware before routing).
//
// `req.route` is the matched route, but its path is relative to its router, and `req.baseUrl` is
// rolled back when an error leaves the routers (a thrown 404 is answered by the app's error
// handler with baseUrl ""). So the full pattern of each route is read once from the app's router
// tree (the layers that router@2's `listRoutes()` walks), and looked up by the route object.
import type { Request } from "express";

export const UNMATCHED = "unmatched";

interface RouteLike {
  path: unknown;
}
interface LayerLike {
  rawPath?: unknown;
  route?: RouteLike;
  handle?: { stack?: unknown };
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

function pathsOf(rawPath: unknown): string[] {
  if (Array.isArray(rawPath)) return rawPath.flatMap(pathsOf);
  if (typeof rawPath === "string") return [rawPath];
  return rawPath === undefined ? ["/"] : [String(rawPath)];
}

/** Every route object of the app → its full pattern; a route reachable by two patterns is left out (ambiguous). */
function routeTable(app: unknown): Map<RouteLike, string> {
  const table = new Map<RouteLike, string>();
  const ambiguous = new Set<RouteLike>();
  const walk = (stack: unknown, prefix: string, depth: number) => {
    if (!Array.isArray(stack) || depth > 16) return;
    for (const layer of stack as LayerLike[]) {
      for (const path of pathsOf(layer.rawPath)) {
        const full = joinPath(prefix, path);
        if (layer.route) {
          const known = table.get(layer.route);
          if (known !== undefined && known !== full) ambiguous.add(layer.route);
          else table.set(layer.route, full);
        } else if (Array.isArray(layer.handle?.stack)) {
          walk(layer.handle.stack, full, depth + 1);
        }
      }
    }
  };
  walk((app as { router?: { stack?: unknown } } | undefined)?.router?.stack, "", 0);
  for (const route of ambiguous) table.delete(route);
  return table;
}

/** Reads the app's routes at the first finished request (the app is built by then), then looks them up. */
export class RouteLabels {
  private table: Map<RouteLike, string> | null = null;

  of(req: Request): string {
    const route = req.route as RouteLike | undefined;
    if (!route) return UNMATCHED;
    this.table ??= routeTable(req.app);
    // A route the tree did not show (added later, or under two patterns): its pattern within its
    // router. Not req.baseUrl, which holds the values of a mount path's parameters.
    return this.table.get(route) ?? String(route.path);
  }
}
