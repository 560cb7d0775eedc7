/** Types of chromium-paths.cjs, for e2e/playwright.config.ts. */
export declare const BROWSER_CANDIDATES: readonly string[];
export declare const HEADLESS_SHELL: string;
