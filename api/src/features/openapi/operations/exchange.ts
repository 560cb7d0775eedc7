import { exchangeMarketSchema, exchangeMarketsSchema, exchangePoolSchema } from "@loop/rules/schemas/exchange";
import { banned, json } from "../responses";
import { defineFeature } from "../spec";

export const exchangeOperations = defineFeature({
  tag: "exchange",
  description: "The exchange LOOP trades on (Uniswap V2, PancakeSwap V2): the pool's figures from the indexed Sync and Swap events.",
  schemas: { ExchangeMarkets: exchangeMarketsSchema, ExchangeMarket: exchangeMarketSchema, ExchangePool: exchangePoolSchema },
  operations: [
    {
      method: "get",
      path: "/api/exchange",
      operationId: "getExchangeMarkets",
      summary: "The exchange cards' figures of every configured chain",
      description:
        "Price (LOOP per coin, in USD at the configured coin price), 24-hour change, liquidity and volume of the LOOP pool, its gap to the platform's rate, addresses and the exchange's links. `pool: null` is \"No pool yet\".",
      auth: "optional",
      responses: { 200: json(exchangeMarketsSchema, "One market per configured chain"), 403: banned },
    },
  ],
});
