/** GET /api/exchange answers for web tests (the Token page's cards and Buy with ETH, the admin overview). */
import type { ExchangeMarket, ExchangePool } from "@loop/rules/schemas/exchange";
import { fixture } from "@/testing/fixture";

const WEI = 10n ** 18n;

export const LOCAL_EXCHANGE = {
  name: "Uniswap V2 (local)",
  router: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
  factory: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  wrappedNative: "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6",
  pair: "0x8464135c8F25Da09e49BC8782676a84730C318bC",
  zap: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
  nativeUsdCents: 300_000,
} as const;

export const LOCAL_TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** The seeded local pool: 3,000,000 LOOP + 2 ETH at $3,000 (the platform's rate). */
export const makePool = fixture<ExchangePool>(() => ({
  reserves: { native: (2n * WEI).toString(), loop: (3_000_000n * WEI).toString() },
  loopPerNative: (1_500_000n * WEI).toString(),
  loopPerUsd: (500n * WEI).toString(),
  usdMicrosPerLoop: "2000",
  platformGapBps: 0,
  change24hBps: 0,
  liquidity: { native: (4n * WEI).toString(), usdCents: "1200000" },
  volume24h: { native: "0", usdCents: "0", swaps: 0 },
  blockNumber: "40",
}));

export const makeMarket = fixture<ExchangeMarket>(() => ({
  chainId: 31337,
  chainName: "Hardhat (local)",
  nativeSymbol: "ETH",
  token: LOCAL_TOKEN,
  exchange: LOCAL_EXCHANGE,
  pool: makePool(),
  links: null,
}));
