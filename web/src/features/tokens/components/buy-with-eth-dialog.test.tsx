import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { publishConnectedWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import { makeMarket } from "@/testing/exchange-fixtures";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { buyMarketOf } from "../lib/buy-with-eth";
import { balance, clientConfig } from "../testing/token-fixtures";
import { BuyWithEthDialog } from "./buy-with-eth-dialog";

const WEI = 10n ** 18n;
const USER_ID = "3f2a1c4e-8b7d-4e6f-9a0b-1c2d3e4f5a6b";
const MEMBER = `0x${"d4".repeat(20)}` as const;
const BUY_HASH = `0x${"33".repeat(32)}` as const;
const market = buyMarketOf(makeMarket())!;

function setup() {
  let credited = false;
  stubApi({
    "GET /api/config": () => json(clientConfig()),
    "GET /api/tokens/balance": () => json(balance(credited ? "1100.00000000" : "100.00000000")),
  });
  const loopFirst = market.token.toLowerCase() < market.wrappedNative.toLowerCase();
  const [loop, eth] = [3_000_000n * WEI, 2n * WEI];
  const wallet = publishConnectedWallet(
    { address: MEMBER, writes: { "zap.swapEthAndDeposit": BUY_HASH } },
    {
      readNativeBalance: vi.fn(async () => WEI),
      readPairReserves: vi.fn(async () => (loopFirst ? { reserve0: loop, reserve1: eth } : { reserve0: eth, reserve1: loop })),
      waitForTransaction: vi.fn(async () => {
        credited = true;
        const args = { buyer: MEMBER, accountRef: `0x${"00".repeat(32)}`, ethIn: 1n, loopOut: 1000n * WEI, deposited: 1000n * WEI };
        return { status: "success", events: [{ eventName: "SwappedAndDeposited", args }] };
      }) as never,
    },
  );
  const onOpenChange = vi.fn();
  const rendered = renderWithToasts(<BuyWithEthDialog open onOpenChange={onOpenChange} market={market} userId={USER_ID} />);
  return { ...rendered, wallet, onOpenChange, dialog: screen.getByRole("dialog", { name: "Buy LOOP with ETH" }) };
}

describe("Buy with ETH", () => {
  it("refuses a buy above the price-impact bound before the wallet opens, with the reason", async () => {
    const { user, dialog, wallet } = setup();
    await user.click(within(dialog).getByRole("button", { name: "ETH to spend" }));
    await user.type(within(dialog).getByLabelText("ETH to spend"), "0.2");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Price Impact Too High: This buy would move the pool's price by 9.07%",
    );
    expect(within(dialog).getByRole("button", { name: "Buy with ETH" })).toBeDisabled();
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("quotes 1,000 LOOP with the minimum under the slippage, buys through LoopZap and waits for the credit", async () => {
    const { user, dialog, wallet, onOpenChange } = setup();
    await user.type(within(dialog).getByLabelText("LOOP wanted"), "1000");
    expect(await within(dialog).findByTestId("buy-quote-receive")).toHaveTextContent("1,000 LOOP");
    expect(within(dialog).getByTestId("buy-quote-impact")).toHaveTextContent("0.04%");
    expect(within(dialog).getByTestId("buy-quote-bound")).toHaveTextContent("995 LOOP");
    await user.clear(within(dialog).getByLabelText("Slippage (%)"));
    await user.type(within(dialog).getByLabelText("Slippage (%)"), "1");
    expect(within(dialog).getByTestId("buy-quote-bound")).toHaveTextContent("990 LOOP");
    await user.click(within(dialog).getByRole("button", { name: "Buy with ETH" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writtenFunctions(wallet)).toEqual(["zap.swapEthAndDeposit"]);
    expect(vi.mocked(wallet.writeContract).mock.calls[0]![2][1]).toBe(990n * WEI);
    expect(await screen.findByText("1,000 LOOP added to your balance")).toBeInTheDocument();
  });
});
