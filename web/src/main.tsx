// First: no schema may be built before zod is told not to probe for eval (the CSP forbids it).
import "@loop/rules/zod-without-eval";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/app";
import { preloadRouteData } from "./app/route-data-preloads";
import { seedSignedOutVisitor } from "./lib/auth";
import { holdLazyCodeUntilFirstPaint } from "./lib/first-paint";
import { queryClient } from "./lib/query-client";
import { prepareClassMerging } from "./lib/utils";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

seedSignedOutVisitor(queryClient);
preloadRouteData(queryClient, window.location.pathname);
holdLazyCodeUntilFirstPaint();
prepareClassMerging();

// The first render as a transition: React renders it in slices that yield to the browser every few
// milliseconds instead of one long task, so a slow phone answers a tap while the page builds
// (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
