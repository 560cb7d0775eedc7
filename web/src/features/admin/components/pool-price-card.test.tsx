import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMarket, makePool } from "@/testing/exchange-fixtures";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { PoolPriceCard } from "./pool-price-card";

describe("Pool price and platform rate (admin overview)", () => {
  it("shows each chain's pool price beside the platform's rate and the gap, or No pool yet", async () => {
    stubApi({
      "GET /api/exchange": () =>
        json({
          markets: [
            makeMarket({ pool: makePool({ usdMicrosPerLoop: "2041", platformGapBps: 204 }) }),
            makeMarket({ chainId: 56, chainName: "BNB Smart Chain", nativeSymbol: "BNB", token: null, exchange: null, pool: null }),
          ],
        }),
    });
    renderWithToasts(<PoolPriceCard />);
    const local = await screen.findByRole("listitem", { name: "Hardhat (local) (chain 31337)" });
    expect(within(local).getByTestId("pool-price-31337")).toHaveTextContent("$0.002041");
    expect(within(local).getByText("$0.002000 (500 LOOP = $1)")).toBeInTheDocument();
    expect(within(local).getByTestId("pool-gap-31337")).toHaveTextContent("Gap +2.04%");
    expect(within(local).getByText("1,500,000 LOOP per ETH")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "BNB Smart Chain (chain 56)" })).getByText("No pool yet")).toBeInTheDocument();
  });
});
