// Imported first by the web app (web/src/main.tsx), before any schema is built: zod 4 compiles its
// object parsers with `new Function` when it may, and probes for that when each object schema is
// built. The app's Content-Security-Policy forbids eval, so the probe is refused and the browser
// reports a CSP violation on every page (Lighthouse: "issues in the DevTools panel"). Without the
// compiled fast path zod parses the same way, a little slower, which the browser never notices.
import { z } from "zod";

z.config({ jitless: true });
