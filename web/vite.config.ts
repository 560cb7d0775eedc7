/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { pageHeadPlugin } from "./vite-page-head";
import { precompressPlugin } from "./vite-precompress";
import { routePreloadsPlugin } from "./vite-route-preloads";

const webPort = Number(process.env.WEB_PORT || 5173);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;

/** Same-origin proxy: the API sees the Host and Origin the browser sent, cookies pass both ways. */
const toApi: ProxyOptions = { target: apiTarget, changeOrigin: false, xfwd: true };

/** What the API answers at the site's root (issue 36): robots.txt and the sitemaps. */
const siteFiles = { "/robots.txt": toApi, "/sitemap.xml": toApi, "/sitemaps/": toApi };

/**
 * The wallet stack (wagmi, viem, RainbowKit and their helpers) only ever loads through a dynamic
 * import: these modules go to one lazy "wallet" chunk. RainbowKit's own lazily imported files
 * (wallet and chain icons, locales: `name-HASH.js`) stay separate small chunks.
 */
const WALLET_PACKAGES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:wagmi|@wagmi[\\/](?:core|connectors)|viem|ox|abitype|@noble[\\/][^\\/]+|@scure[\\/][^\\/]+|@adraffy[\\/]ens-normalize|mipd|zustand|eventemitter3|@vanilla-extract[\\/][^\\/]+|cuer|qr|ua-parser-js)[\\/]/;
const RAINBOWKIT_STATIC =
  /[\\/]@rainbow-me[\\/]rainbowkit[\\/]dist[\\/](?:index\.(?:js|css)|chunk-[A-Z0-9]+\.js|wallets[\\/]walletConnectors[\\/](?:index\.js|chunk-[A-Z0-9]+\.js))$/;

/** One lucide-react icon: a pure component, the same whichever chunk holds a copy of it. */
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

function isWalletModule(id: string): boolean {
  return WALLET_PACKAGES.test(id) || RAINBOWKIT_STATIC.test(id);
}

export default defineConfig({
  // pageHeadPlugin: each page with its own head and status, as the API serves web/dist (vite-page-head.ts).
  // precompressPlugin: `vite build` writes a .br and a .gz copy of each text file, served by the API (vite-precompress.ts).
  // routePreloadsPlugin: each lazy route's files by page pattern, preloaded with that page's HTML (vite-route-preloads.ts).
  plugins: [react(), tailwindcss(), pageHeadPlugin(apiTarget), precompressPlugin(), routePreloadsPlugin()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  optimizeDeps: {
    // Pre-bundle the lazily imported wallet stack at start-up, so the dev server never reloads the
    // page when a wallet is first opened (it would break a sign-in in progress).
    include: ["wagmi", "wagmi/actions", "viem", "viem/chains", "viem/siwe", "@rainbow-me/rainbowkit", "@rainbow-me/rainbowkit/wallets"],
  },
  server: {
    host: "localhost",
    port: webPort,
    strictPort: true,
    // LOOP_WATCH=0 (the browser tests' stack): no file watching, so that editing sources while
    // the tests run never reloads their pages.
    watch: process.env.LOOP_WATCH === "0" ? null : undefined,
    proxy: { "/api": toApi, "/paypal": toApi, ...siteFiles },
  },
  preview: {
    host: "localhost",
    port: webPort,
    strictPort: true,
    proxy: { "/api": toApi, "/paypal": toApi, ...siteFiles },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      // index.html keeps its <link rel="modulepreload"> tags for the first page's files. A lazy chunk's
      // files are not preloaded by Vite's helper: it appends one <link> per file to the head when the
      // chunk is imported (some 40 for /home), 220 ms of main thread on Lighthouse's phone, in the
      // middle of the first render. The browser finds the same files from the chunk's imports (three
      // levels deep for /home), while the page shows its loading state (app/lazy-page.tsx).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
    rolldownOptions: {
      output: {
        // The wallet group does not pull in its dependencies (react, the Radix scroll lock and Vite's
        // preload helper are shared with the first page and must stay out of the lazy chunk), so
        // modules must run in source order across chunks: without this the wallet chunk breaks.
        strictExecutionOrder: true,
        codeSplitting: {
          // A lazy route's icons are copied into its own chunk instead of one file of 200-500 bytes
          // each: /home's route 59 -> 40 files, a loop's page 40 -> 27, for about the same bytes.
          // Lighthouse mobile, three runs each, medians: /home 51 -> 57, a loop's page 57 -> 65
          // (the largest paint 0.5-0.8 s sooner). Only icons: a copied module runs once per copy,
          // so a module with state (a store, a React context) must never be copied.
          experimentalInlineCommonChunks: { maxSize: 4096, exclude: (id: string) => !LUCIDE_ICON.test(id) },
          groups: [
            {
              name: "wallet",
              test: isWalletModule,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // Every module the entry imports statically (what any first page runs before it renders)
            // in one chunk. Left to itself the bundler splits out each module a lazy route shares with
            // the first page (the JSX runtime, the query client, a button, an icon…): some twenty files
            // of 1–13 kB that a phone fetches before its first paint, six at a time over HTTP/1.1, one
            // slow-4G round trip each (Lighthouse: critical request chains). One chunk is one request
            // and compresses better; lazy routes import what they share from it.
            {
              name: "first-page",
              tags: ["$initial"],
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup-tests.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
    // A test waits for events (a response, a render), never for a time: the limits only stop a test
    // that hangs. Vitest's 5 s default failed tests on a two-core machine running twice as slow as
    // usual (issue 34), where the first test of a file also loads its lazily imported routes. The
    // slowest test takes under 5 s on a busy two-core machine and 64 s when other test runs took
    // most of the machine too; a test may hold a few of Testing Library's waits (60 s each at most,
    // set in src/testing/setup-tests.ts). Same limit as the API tests.
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // The test files share their worker instead of each starting a fresh one that loads jsdom,
    // React, Radix and the rest again (that took most of the run's time). setup-tests.ts gives
    // every file a fresh start: the app's modules, Testing Library's settings and the document.
    isolate: false,
  },
});
