/** Types of chromium-flags.cjs, for e2e/playwright.config.ts. */
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const DISABLED_FEATURES: readonly string[];
export declare function disableFeaturesFlag(toolFlags: readonly string[]): string;
export declare function playwrightDisableFeaturesFlag(): string;
