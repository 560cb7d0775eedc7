// `vite build`: writes web/dist/route-preloads.json (ROUTE_PRELOADS_FILE), each lazily loaded route's
// chunk by page pattern, for the server to preload with that page's HTML (api/src/http/static-web.ts).
// Without it a phone fetches the app's files, runs them, learns the route, and only then asks for
// the route's chunk: one more slow-4G round trip before the page can paint. Only the route's own
// chunk: preloading its 40–70 dependencies as well was measured and rejected (Lighthouse mobile:
// first paint 2.6 → 4–5 s, the HTTP/1.1 connections busy with them instead of the app's own files).
//
// A page's route module is src/app/routes/<page key in kebab case>.tsx (paths.userProfile →
// user-profile.tsx); ROUTE_ALIASES names the pages that share another's. A lazy route module that no
// page maps to fails the build, so the convention cannot drift from the router silently.
// By path, not "@loop/rules/…": Vite bundles the config's relative imports but leaves packages to
// Node, which cannot load a .ts file (as in vite-page-head.ts).
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from "../rules/src/page-data";
import { paths } from "../rules/src/paths";
import type { Plugin } from "vite";

/** Pages whose route module is another page's. */
const ROUTE_ALIASES: Partial<Record<keyof typeof paths, string>> = { homeFollowing: "home" };

const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z0-9-]+)\.tsx$/;

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

interface ChunkLike {
  fileName: string;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: "loop:route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const routeChunks = new Map<string, string>();
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        const chunk = item as unknown as ChunkLike;
        const name = chunk.isDynamicEntry ? ROUTE_MODULE.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
        if (name) routeChunks.set(name, `/${chunk.fileName}`);
      }
      const preloads: RoutePreloads = {};
      const used = new Set<string>();
      for (const [key, page] of Object.entries(paths)) {
        const name = ROUTE_ALIASES[key as keyof typeof paths] ?? kebab(key);
        const file = routeChunks.get(name);
        if (!file) continue;
        preloads[page.pattern] = [file];
        used.add(name);
      }
      const orphans = [...routeChunks.keys()].filter((name) => !used.has(name) && name !== "not-found");
      if (orphans.length)
        this.error(
          `route-preloads: no page of rules/src/paths.ts maps to src/app/routes/${orphans.join(".tsx, ")}.tsx (see ROUTE_ALIASES)`,
        );
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
