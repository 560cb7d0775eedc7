// Imported first by the web app (web/src/main.tsx), before any schema is built: zod 4 compiles its
// object parsers with `new Function` when it may, and probes for that when each object schema is
// built. The app's Content-Security-Policy forbids eval, so the probe is refused and the browser
// reports a CSP violation on every page (Lighthouse: "issues in the DevTools panel"). Without the
// compiled fast path zod parses the same way, a little slower, which the browser never notices.
//
// zod keeps its settings (`z.config()`) in one object on globalThis, created by the first copy of
// zod loaded, or taken as found: setting `jitless` there directly spares the first page importing
// zod (40 kB) just to call `z.config`. zod-without-eval.test.ts checks that zod reads it.
const ZOD_CONFIG = "__zod_globalConfig";

const holder = globalThis as { [ZOD_CONFIG]?: { jitless?: boolean } };
(holder[ZOD_CONFIG] ??= {}).jitless = true;
