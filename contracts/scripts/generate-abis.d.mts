// Types of generate-abis.mjs (used by the tests).
export declare const SHARED_CONTRACTS: readonly { name: string; exportName: string }[];
/** Uniswap V2's router, factory and pair: ABIs from their packages' build JSON. */
export declare const EXCHANGE_CONTRACTS: readonly { name: string; exportName: string; build: string }[];
export declare function readAbis(artifactsDir?: string): { name: string; exportName: string; abi: unknown[] }[];
export declare function readExchangeAbis(): { name: string; exportName: string; build: string; abi: unknown[] }[];
export declare function render(
  abis: { name: string; exportName: string; abi: unknown[] }[],
  exchangeAbis?: { name: string; exportName: string; build: string; abi: unknown[] }[],
): Record<"abis.mjs" | "abis.d.mts", string>;
export declare function writeGenerated(artifactsDir?: string): string[];
/** Generated files that differ from what the artifacts in `artifactsDir` give. */
export declare function staleFiles(artifactsDir?: string): string[];
