import type { ClientConfig } from "@loop/rules/chains";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { WALLET_PURCHASE_MESSAGES } from "@loop/rules/schemas/purchases";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { publishConnectedWallet, publishFakeWalletControls, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import type { WalletControls } from "@/lib/wallet/types";
import { publishSnapshot } from "@/lib/wallet/wallet-store";
import { makeWalletClientConfig, TEST_CONTRACTS } from "@/testing/make-client-config";
import { makeLoop } from "@/testing/make-loop";
import { type ApiHandler, type ApiRoutes, json } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { QUOTE_BUYER, walletPurchase, walletPurchaseReport, walletQuote } from "../testing/purchase-fixtures";
import { renderPurchase } from "../testing/render-purchase";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

const LOOP = 10n ** 18n;
const { token: TOKEN, marketplace: MARKETPLACE } = TEST_CONTRACTS;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;
const PURCHASE_TX = `0x${"22".repeat(32)}` as const;
const FAUCET_TX = `0x${"33".repeat(32)}` as const;

const clientConfig = (chainId = 31337): ClientConfig =>
  makeWalletClientConfig({ id: chainId, name: chainId === 31337 ? "Hardhat (local)" : "Sepolia" });

/** The wallet stack's controls as the mounted stack publishes them, with `address` connected on 31337. */
function connectedWallet(overrides: Partial<WalletControls> = {}, address: `0x${string}` = QUOTE_BUYER): WalletControls {
  return publishConnectedWallet(
    { address, writes: { "token.approve": APPROVE_TX, "marketplace.purchase": PURCHASE_TX } },
    { disconnect: vi.fn(async () => undefined), watchAsset: vi.fn(async () => true), ...overrides },
  );
}

interface Setup {
  linked?: `0x${string}` | null;
  chainId?: number;
  routes?: ApiRoutes;
}

function renderPanel(loop: PublicLoop, { linked = QUOTE_BUYER, chainId = 31337, routes = {} }: Setup = {}) {
  return renderPurchase(loop, {
    "GET /api/auth/user": () => json(makeUser({ id: "viewer-1", email: "viewer@example.com", walletAddress: linked })),
    "GET /api/config": () => json(clientConfig(chainId)),
    "GET /api/tokens/balance": () => json({ balance: "0.00000000", available: "0.00000000", held: "0.00000000" }),
    ...routes,
  });
}

/** Opens the Purchase dialog and its Wallet tab. */
async function openWalletTab(user: ReturnType<typeof renderWithProviders>["user"], title: string) {
  const button = await screen.findByRole("button", { name: `Buy ${title}` });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: `Buy ${title}` });
  const tab = within(dialog).getByRole("tab", { name: "Wallet (on chain)" });
  await user.click(tab);
  expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = within(dialog).getByRole("tabpanel", { name: "Wallet (on chain)" });
  return { dialog, panel };
}

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

describe("Wallet payment tab", () => {
  it("switches tabs with the keyboard and shows the totals, the connected linked wallet, its LOOP and sufficiency", async () => {
    const wallet = connectedWallet();
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPanel(loop);
    const button = await screen.findByRole("button", { name: "Buy Deep Night" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Buy Deep Night" });
    // The wallet stack is not asked for anything until the Wallet tab is chosen.
    expect(wallet.readTokenBalance).not.toHaveBeenCalled();

    within(dialog).getByRole("tab", { name: "LOOP balance" }).focus();
    await user.keyboard("{ArrowRight}");
    const tab = within(dialog).getByRole("tab", { name: "Wallet (on chain)" });
    expect(tab).toHaveFocus();
    expect(tab).toHaveAttribute("aria-selected", "true");
    const loopPanelId = within(dialog).getByRole("tab", { name: "LOOP balance" }).getAttribute("aria-controls");
    expect(document.getElementById(loopPanelId!)).not.toBeVisible();
    const panel = within(dialog).getByRole("tabpanel", { name: "Wallet (on chain)" });

    expect(within(dialog).getByTestId("purchase-summary")).toHaveTextContent("Price$4.99");
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.09");
    expect(within(panel).getByTestId("wallet-loop-amount")).toHaveTextContent("2,545 LOOP");
    expect(within(panel).getByTestId("wallet-pay-address")).toHaveTextContent("0xd4d4...d4d4");
    expect(within(panel).getByText("Linked wallet")).toBeInTheDocument();
    expect(within(panel).queryByTestId("wallet-pay-network")).not.toBeInTheDocument();
    expect(await within(panel).findByTestId("wallet-pay-balance")).toHaveTextContent("10,000 LOOP");
    expect(wallet.readTokenBalance).toHaveBeenCalledWith({ chainId: 31337, token: TOKEN, owner: QUOTE_BUYER });
    expect(within(panel).getByText("Your wallet balance covers this purchase.")).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Get Test LOOP Tokens" })).not.toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Pay from Wallet" })).toBeEnabled();

    // Refresh reads the chain again; WAV changes the amount needed.
    vi.mocked(wallet.readTokenBalance).mockResolvedValue(2000n * LOOP);
    await user.click(within(panel).getByRole("button", { name: "Refresh wallet balance" }));
    expect(await within(panel).findByText(/short by/)).toHaveTextContent("short by 545 LOOP");
    expect(within(panel).getByRole("button", { name: "Pay from Wallet" })).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    expect(within(panel).getByTestId("wallet-loop-amount")).toHaveTextContent("2,595 LOOP");
    expect(within(panel).getByText(/short by/)).toHaveTextContent("short by 595 LOOP");

    // Add LOOP to wallet: EIP-747 with the token, symbol and decimals.
    await user.click(within(panel).getByRole("button", { name: "Add LOOP to wallet" }));
    expect(wallet.watchAsset).toHaveBeenCalledExactlyOnceWith({ address: TOKEN, symbol: "LOOP", decimals: 18 });
    expect(await screen.findByText("LOOP Added")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "Disconnect" }));
    expect(wallet.disconnect).toHaveBeenCalledOnce();
  });

  it("pays: quote → approve (allowance short) → purchase with the quote's exact terms → receipt → polls /crypto until completed", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const wallet = connectedWallet();
    let polls = 0;
    const { user, api } = renderPanel(loop, {
      routes: {
        "POST /api/purchases/quote": () => json(walletQuote(), 201),
        "POST /api/purchases/crypto": () => {
          polls += 1;
          return polls < 3
            ? json({ status: "pending", purchase: null }, 202)
            : json({ status: "completed", purchase: walletPurchase({ loopId: loop.id }) });
        },
      },
    });
    const { panel } = await openWalletTab(user, "Deep Night");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));

    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/api/downloads/signed-mp3");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(api.bodies("POST /api/purchases/quote")).toEqual([{ loopId: loop.id, format: "mp3" }]);
    expect(writtenFunctions(wallet)).toEqual(["token.approve", "marketplace.purchase"]);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(1, { name: "token", chainId: 31337, address: TOKEN }, "approve", [
      MARKETPLACE,
      2545n * LOOP,
    ]);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(2, { name: "marketplace", chainId: 31337, address: MARKETPLACE }, "purchase", [
      {
        buyer: QUOTE_BUYER,
        seller: `0x${"b2".repeat(20)}`,
        loopId: `0x${"0c".repeat(32)}`,
        format: 0,
        price: 2495n * LOOP,
        fee: 50n * LOOP,
        orderId: `0x${"0d".repeat(32)}`,
        deadline: 1_900_000_000n,
      },
      walletQuote().signature,
    ]);
    expect(wallet.waitForTransaction).toHaveBeenLastCalledWith({ chainId: 31337, hash: PURCHASE_TX });
    const reports = api.bodies("POST /api/purchases/crypto");
    expect(reports).toHaveLength(3);
    expect(reports[0]).toEqual(walletPurchaseReport(loop.id, PURCHASE_TX));
  });

  it("shows the step labels and does not approve when the allowance covers the total", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    let mined: ((value: { status: "success" }) => void) | null = null;
    const wallet = connectedWallet({
      readTokenAllowance: vi.fn(async () => 2545n * LOOP),
      waitForTransaction: vi.fn(() => new Promise<{ status: "success" }>((resolve) => (mined = resolve))),
    });
    const { user } = renderPanel(loop, {
      routes: {
        "POST /api/purchases/quote": () => json(walletQuote(), 201),
        "POST /api/purchases/crypto": () => json({ status: "completed", purchase: walletPurchase({ loopId: loop.id }) }),
      },
    });
    const { dialog, panel } = await openWalletTab(user, "Deep Night");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));

    await waitFor(() => expect(within(panel).getByTestId("wallet-pay-progress")).toHaveTextContent("Waiting for confirmation…"));
    // While paying, the format, the other tab and Pay are locked.
    expect(within(dialog).getByRole("radio", { name: /WAV/ })).toBeDisabled();
    expect(within(dialog).getByRole("tab", { name: "LOOP balance" })).toBeDisabled();
    expect(within(panel).getByRole("button", { name: "Paying..." })).toBeDisabled();
    mined!({ status: "success" });
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(writtenFunctions(wallet)).toEqual(["marketplace.purchase"]);
  });

  it("a rejected signature returns quietly to the panel, and a new Pay asks for a fresh quote", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const rejection = Object.assign(new Error("User rejected the request."), { name: "UserRejectedRequestError", code: 4001 });
    const wallet = connectedWallet({
      readTokenAllowance: vi.fn(async () => 10n ** 30n),
      writeContract: vi.fn(async () => Promise.reject(rejection)),
    });
    const { user, api } = renderPanel(loop, { routes: { "POST /api/purchases/quote": () => json(walletQuote(), 201) } });
    const { panel } = await openWalletTab(user, "Deep Night");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    const pay = within(panel).getByRole("button", { name: "Pay from Wallet" });
    await user.click(pay);

    await waitFor(() => expect(wallet.writeContract).toHaveBeenCalledOnce());
    await waitFor(() => expect(within(panel).getByRole("button", { name: "Pay from Wallet" })).toBeEnabled());
    expect(within(panel).queryByTestId("wallet-pay-progress")).not.toBeInTheDocument();
    expect(screen.queryByText("Purchase Failed")).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(api.bodies("POST /api/purchases/crypto")).toHaveLength(0);

    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));
    await waitFor(() => expect(api.bodies("POST /api/purchases/quote")).toHaveLength(2));
  });

  it("a marketplace revert shows the spec's 'Transaction Failed' with its reason", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const revert = {
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", data: { errorName: "QuoteExpired" } },
    };
    connectedWallet({ readTokenAllowance: vi.fn(async () => 10n ** 30n), writeContract: vi.fn(async () => Promise.reject(revert)) });
    const { user } = renderPanel(loop, { routes: { "POST /api/purchases/quote": () => json(walletQuote(), 201) } });
    const { panel } = await openWalletTab(user, "Deep Night");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));
    expect(await screen.findByText("Transaction Failed")).toBeInTheDocument();
    expect(
      screen.getByText("The price quote expired before the payment was sent. Please pay again for a fresh quote."),
    ).toBeInTheDocument();
  });

  it("without a linked wallet says 'Wallet Required' and does not offer Pay", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    connectedWallet();
    const { user } = renderPanel(loop, { linked: null });
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(await within(panel).findByRole("alert")).toHaveTextContent(WALLET_PURCHASE_MESSAGES.noWallet);
    expect(within(panel).getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/settings");
    expect(within(panel).getByRole("button", { name: "Pay from Wallet" })).toBeDisabled();
  });

  it("the API's 'Wallet Required' refusal is shown as 'Purchase Failed'", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const wallet = connectedWallet();
    const { user } = renderPanel(loop, {
      routes: { "POST /api/purchases/quote": () => json({ message: WALLET_PURCHASE_MESSAGES.noWallet }, 400) },
    });
    const { panel } = await openWalletTab(user, "Deep Night");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));
    expect(await screen.findByText("Purchase Failed")).toBeInTheDocument();
    expect(screen.getByText(WALLET_PURCHASE_MESSAGES.noWallet)).toBeInTheDocument();
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("a connected wallet other than the linked one is named, and Pay is refused", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    connectedWallet({}, `0x${"99".repeat(20)}`);
    const { user } = renderPanel(loop);
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(within(panel).getByText("Not your linked wallet")).toBeInTheDocument();
    expect(within(panel).getByRole("alert")).toHaveTextContent("Pay from the wallet linked to your account (0xd4d4...d4d4)");
    expect(within(panel).getByRole("button", { name: "Pay from Wallet" })).toBeDisabled();
  });

  it("on the local chain with a short wallet: 'Get Test LOOP Tokens' mints to the connected wallet and refreshes its balance", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const wallet = connectedWallet({ readTokenBalance: vi.fn(async () => 0n) });
    const faucet = vi.fn<ApiHandler>(() => {
      vi.mocked(wallet.readTokenBalance).mockResolvedValue(1_000_000n * LOOP);
      return json({ address: QUOTE_BUYER, amount: "1000000", transactionHash: FAUCET_TX }, 201);
    });
    const { user } = renderPanel(loop, { routes: { "POST /api/wallet/faucet": faucet } });
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(await within(panel).findByText(/short by/)).toHaveTextContent("short by 2,545 LOOP");
    await user.click(within(panel).getByRole("button", { name: "Get Test LOOP Tokens" }));

    expect(await screen.findByText("Test LOOP Added")).toBeInTheDocument();
    expect(faucet.mock.calls[0]![0].body).toEqual({ address: QUOTE_BUYER });
    expect(await within(panel).findByTestId("wallet-pay-balance")).toHaveTextContent("1,000,000 LOOP");
    expect(within(panel).getByText("Your wallet balance covers this purchase.")).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Get Test LOOP Tokens" })).not.toBeInTheDocument();
  });

  it("offers no faucet on another chain, even when the wallet is short", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    connectedWallet({ readTokenBalance: vi.fn(async () => 0n) });
    const { user } = renderPanel(loop, { chainId: 11155111 });
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(await within(panel).findByText(/short by/)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Get Test LOOP Tokens" })).not.toBeInTheDocument();
  });

  it("says when the wallet is on another network, and Pay switches it first", async () => {
    const loop = makeLoop({ id: "loop-1", title: "Deep Night", price: "4.99" });
    const wallet = connectedWallet({
      connect: vi.fn(async () => ({ address: QUOTE_BUYER, chainId: 1 })),
      readTokenAllowance: vi.fn(async () => 10n ** 30n),
    });
    publishSnapshot({ status: "connected", address: QUOTE_BUYER, chainId: 1, connectorName: "MetaMask" });
    const { user } = renderPanel(loop, {
      routes: {
        "POST /api/purchases/quote": () => json(walletQuote(), 201),
        "POST /api/purchases/crypto": () => json({ status: "completed", purchase: walletPurchase({ loopId: loop.id }) }),
      },
    });
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(within(panel).getByTestId("wallet-pay-network")).toHaveTextContent("Pay asks it to switch to Hardhat (local)");
    await within(panel).findByText("Your wallet balance covers this purchase.");
    await user.click(within(panel).getByRole("button", { name: "Pay from Wallet" }));
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(wallet.switchChain).toHaveBeenCalledExactlyOnceWith(31337);
    expect(vi.mocked(wallet.switchChain).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(wallet.writeContract).mock.invocationCallOrder[0]!,
    );
  });

  it("shows Connect Wallet while no wallet is connected", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const wallet = publishFakeWalletControls({ connect: vi.fn(async () => ({ address: QUOTE_BUYER, chainId: 31337 })) });
    const { user } = renderPanel(loop);
    const { panel } = await openWalletTab(user, "Deep Night");
    expect(within(panel).getByText("No wallet connected.")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Connect Wallet" }));
    expect(wallet.connect).toHaveBeenCalledOnce();
  });
});
