import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_PLATFORM_SETTINGS } from "@/lib/platform-settings";
import { type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";
import {
  balance,
  BSC_TOKEN,
  clientConfig,
  lookupUsersRoute,
  MEMBERS,
  makeOrder,
  makeTransfer,
  makeWithdrawal,
  pendingSale,
} from "../testing/token-fixtures";
import { LOCAL_EXCHANGE, makeMarket, makePool } from "@/testing/exchange-fixtures";
import { PURCHASE_INQUIRY_SUBJECT } from "./contact-admin-card";

function signedIn(overrides: ApiRoutes = {}) {
  return stubApi({
    "GET /api/exchange": () => json({ markets: [makeMarket()] }),
    "GET /api/auth/user": () => json(makeUser({ id: "user-1", email: "beats@example.com" })),
    "GET /api/config": () => json(clientConfig()),
    "GET /api/tokens/balance": () => json(balance("1234.50000000")),
    "GET /api/tokens/transfers": () => json([makeTransfer()]),
    "GET /api/tokens/withdrawals": () => json([makeWithdrawal()]),
    "GET /api/tokens/wallet-transfers": () => json({ address: null, transfers: [] }),
    "GET /api/admin-orders": () => json([makeOrder()]),
    ...overrides,
  });
}

async function openTokens() {
  const rendered = renderApp("/tokens");
  await screen.findByRole("heading", { level: 1, name: "LOOP Tokens" });
  return rendered;
}

describe("/tokens", () => {
  it("fetches the balance and both histories on entry and shows the wallet", async () => {
    // The server's settings, with its own support address.
    const settings = { ...DEFAULT_PLATFORM_SETTINGS, supportEmail: "help@beats.example" };
    const api = signedIn({ "GET /api/config": () => json({ ...clientConfig(), settings }) });
    await openTokens();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/home");
    for (const stat of ["1M+", "50K+", "100K+", "24/7"]) expect(screen.getByText(stat)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "My Wallet" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("wallet-balance")).toHaveTextContent("1,234.5 LOOP");
    expect(screen.getByText(/≈ \$2\.47 USD/)).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Transfers" })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Withdrawals" })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Your token orders" })).toHaveTextContent("5,000 LOOP");
    const asked = api.requests.map(({ path }) => path);
    expect(asked).toEqual(
      expect.arrayContaining(["/api/tokens/balance", "/api/tokens/transfers", "/api/tokens/withdrawals", "/api/tokens/wallet-transfers"]),
    );
    const walletLoop = screen.getByRole("region", { name: "Wallet LOOP" });
    expect(await within(walletLoop).findByText(/No wallet is linked to your account\./)).toBeInTheDocument();
    expect(within(walletLoop).getByRole("button", { name: "Deposit" })).toBeEnabled();

    for (const name of ["Send Tokens", "Withdraw", "Earn Tokens"])
      expect(screen.getByRole(name === "Earn Tokens" ? "link" : "button", { name })).toBeInTheDocument();
    // The support address is the admin's setting.
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Email Support" })).toHaveAttribute(
        "href",
        expect.stringContaining(`mailto:help@beats.example?subject=${encodeURIComponent(PURCHASE_INQUIRY_SUBJECT)}`),
      ),
    );
    expect(screen.getByText("Support: help@beats.example")).toBeInTheDocument();
  });

  it("the balance card shows card and PayPal sale proceeds pending until their date and the promotional LOOP; Withdraw offers only what can be withdrawn", async () => {
    signedIn({
      "GET /api/tokens/balance": () =>
        json(balance("3495.00000000", "2495.00000000", "1000.00000000", { withdrawable: "500.00000000", promotional: "500.00000000" })),
      "GET /api/tokens/pending-sales": () => json([pendingSale("2495.00000000", "2026-12-03T12:00:00.000Z")]),
    });
    const { user } = await openTokens();
    const card = screen.getByRole("region", { name: "Your LOOP Balance" });
    expect(await within(card).findByRole("list", { name: "Sale proceeds pending" })).toHaveTextContent(
      "2,495 LOOP from card and PayPal sales pending until Dec 3, 2026",
    );
    expect(card).toHaveTextContent("Available 1,000 LOOP · Held 2,495 LOOP");
    // Issue 18: what can be withdrawn, and the promotional LOOP (welcome bonus, level rewards) that cannot.
    expect(within(card).getByTestId("balance-withdrawable")).toHaveTextContent("Available to withdraw: 500 LOOP");
    expect(within(card).getByTestId("balance-promotional")).toHaveTextContent(
      "Promotional: 500 LOOP (welcome bonus, level rewards, upload rewards): spend it on loops; it cannot be sent or withdrawn",
    );
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Tokens" });
    expect(dialog).toHaveTextContent("Available to withdraw: 500 LOOP");
    expect(dialog).toHaveTextContent("Promotional 500 LOOP: for loops only, not sent or withdrawn");
  });

  it("shows each configured chain's exchange with the pool's live figures and links, or No pool yet", async () => {
    const bsc = makeMarket({
      chainId: 56,
      chainName: "BNB Smart Chain",
      nativeSymbol: "BNB",
      token: BSC_TOKEN,
      exchange: { ...LOCAL_EXCHANGE, name: "PancakeSwap V2", nativeUsdCents: null },
      pool: makePool({
        usdMicrosPerLoop: null,
        loopPerUsd: null,
        platformGapBps: null,
        change24hBps: -125,
        liquidity: { native: (4n * 10n ** 18n).toString(), usdCents: null },
        volume24h: { native: "10000000000000000", usdCents: null, swaps: 3 },
      }),
      links: {
        trade: `https://pancakeswap.finance/swap?chain=bsc&inputCurrency=BNB&outputCurrency=${BSC_TOKEN}`,
        addLiquidity: `https://pancakeswap.finance/v2/add/BNB/${BSC_TOKEN}?chain=bsc`,
      },
    });
    const eth = makeMarket({ chainId: 1, chainName: "Ethereum", token: null, exchange: null, pool: null, links: null });
    signedIn({ "GET /api/exchange": () => json({ markets: [makeMarket({ pool: makePool({ change24hBps: 7 }) }), bsc, eth] }) });
    await openTokens();
    const localCard = await screen.findByRole("region", { name: "Uniswap V2 (local) · Hardhat (local)" });
    expect(within(localCard).getByTestId("card-price-31337")).toHaveTextContent("$0.002000");
    expect(within(localCard).getByText("+0.07%")).toBeInTheDocument();
    expect(within(localCard).queryByRole("link", { name: "Trade" })).toBeNull();

    const bscCard = screen.getByRole("region", { name: "PancakeSwap V2 · BNB Smart Chain" });
    expect(within(bscCard).getByText(BSC_TOKEN)).toBeInTheDocument();
    expect(within(bscCard).getByTestId("card-price-56")).toHaveTextContent("1,500,000 LOOP per BNB");
    const trade = within(bscCard).getByRole("link", { name: "Trade" });
    expect(trade).toHaveAttribute("href", bsc.links!.trade);
    expect(trade).toHaveAttribute("target", "_blank");
    expect(trade).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(bscCard).getByRole("link", { name: "Add Liquidity" })).toHaveAttribute("target", "_blank");

    const ethCard = screen.getByRole("region", { name: "No exchange · Ethereum" });
    expect(within(ethCard).getByText("Not deployed on this network")).toBeInTheDocument();
    expect(within(ethCard).getByText("No pool yet")).toBeInTheDocument();

    const localPanel = screen.getByRole("region", { name: "LOOP on Uniswap V2 (local)" });
    expect(within(localPanel).getByTestId("pool-price-31337")).toHaveTextContent("$0.002000");
    expect(within(localPanel).getByTestId("pool-liquidity-31337")).toHaveTextContent("$12,000.00");
    expect(within(localPanel).getByText("LOOP/ETH")).toBeInTheDocument();
    const bscPanel = screen.getByRole("region", { name: "LOOP on PancakeSwap V2" });
    expect(within(bscPanel).getByText("-1.25%")).toBeInTheDocument();
    expect(within(bscPanel).getByTestId("pool-volume-56")).toHaveTextContent("0.01 BNB");
    expect(within(bscPanel).getByTestId("pool-trades-56")).toHaveTextContent("3");
    expect(within(bscPanel).getByRole("link", { name: "Token Info" })).toHaveAttribute("href", `https://bscscan.com/token/${BSC_TOKEN}`);
    expect(within(screen.getByRole("region", { name: "LOOP on Ethereum" })).getByTestId("no-pool-1")).toHaveTextContent("No pool yet");
    expect(screen.getByRole("region", { name: "Supported Crypto Wallets" }).querySelectorAll("li")).toHaveLength(3);
  });

  /** The config with the default chain's confirmations (GET /api/config publishes them). */
  const withConfirmations = (confirmations: number) => {
    const config = clientConfig();
    return { ...config, chains: config.chains.map((chain) => ({ ...chain, confirmations })) };
  };
  const faqAnswer = async (user: Awaited<ReturnType<typeof openTokens>>["user"], question: string) => {
    await user.click(screen.getByRole("button", { name: question }));
    return screen.getByRole("region", { name: question });
  };

  it("FAQ and banner without a pool on the default chain: no Buy with ETH promised, the team's order offered", async () => {
    signedIn({ "GET /api/exchange": () => json({ markets: [makeMarket({ pool: null })] }) });
    const { user } = await openTokens();
    expect(await screen.findByText(/Buying with ETH opens once Hardhat \(local\)'s exchange has a LOOP pool/)).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "FAQ & How it Works" }));
    expect(await faqAnswer(user, "Can I buy tokens with crypto?")).toHaveTextContent(
      /Not yet on Hardhat \(local\): its exchange has no LOOP pool yet/,
    );
    const how = await faqAnswer(user, "How do I get LOOP tokens?");
    expect(how).toHaveTextContent("Purchase them: order tokens from our team through Contact Admin.");
    expect(how).not.toHaveTextContent(/Buy with/);
  });

  it("FAQ and banner with the local pool: Buy with ETH through it, credited within seconds (no confirmations waited for)", async () => {
    signedIn({ "GET /api/config": () => json(withConfirmations(0)) });
    const { user } = await openTokens();
    expect(await screen.findByText(/pay with ETH through the Uniswap V2 \(local\) pool/)).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "FAQ & How it Works" }));
    const answer = await faqAnswer(user, "Can I buy tokens with crypto?");
    expect(answer).toHaveTextContent(/^Yes\. Connect your wallet, choose the amount and pay with ETH/);
    expect(answer).toHaveTextContent(
      "credited to your balance as soon as the payment is in a block on Hardhat (local), typically within seconds.",
    );
    expect(answer).not.toHaveTextContent(/minutes/);
    expect(await faqAnswer(user, "How do I get LOOP tokens?")).toHaveTextContent(
      "Purchase them: Buy with ETH from your own wallet, or order tokens from our team through Contact Admin.",
    );
  });

  it("FAQ: where blocks are waited for, the spec's 1-5 minutes with the chain's confirmations", async () => {
    signedIn({ "GET /api/config": () => json(withConfirmations(12)) });
    const { user } = await openTokens();
    await user.click(screen.getByRole("tab", { name: "FAQ & How it Works" }));
    expect(await faqAnswer(user, "Can I buy tokens with crypto?")).toHaveTextContent(
      "after the payment is confirmed (12 blocks on Hardhat (local)), typically within 1-5 minutes.",
    );
  });

  it("FAQ tab: benefit cards and a single-open accordion", async () => {
    signedIn();
    const { user } = await openTokens();
    await user.click(screen.getByRole("tab", { name: "FAQ & How it Works" }));
    expect(screen.getByRole("tab", { name: "FAQ & How it Works" })).toHaveAttribute("aria-selected", "true");
    for (const title of ["Easy Purchases", "Send and Receive", "Earn Rewards"])
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();

    const worth = screen.getByRole("button", { name: "How much is a LOOP token worth?" });
    const withdraw = screen.getByRole("button", { name: "Can I withdraw my tokens to crypto?" });
    expect(worth).toHaveAttribute("aria-expanded", "false");
    await user.click(worth);
    expect(worth).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/500 LOOP = \$1 USD/, { selector: "div[role=region]" })).toBeVisible();
    await user.click(withdraw);
    expect(withdraw).toHaveAttribute("aria-expanded", "true");
    expect(worth).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText(/the platform pays the network fee/)).toBeVisible();
    await user.click(withdraw);
    expect(withdraw).toHaveAttribute("aria-expanded", "false");

    await user.click(screen.getByRole("button", { name: "Open My Wallet" }));
    expect(screen.getByRole("tab", { name: "My Wallet" })).toHaveAttribute("aria-selected", "true");
  });

  it("Buy Now goes to the wallet section; the wallet site opens in a new tab", async () => {
    signedIn();
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    const { user } = await openTokens();
    await user.click(screen.getByRole("tab", { name: "FAQ & How it Works" }));
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    expect(scrollIntoView.mock.instances.at(-1)).toBe(document.getElementById("wallet"));
    expect(screen.getByRole("tab", { name: "My Wallet" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("link", { name: "Get a Wallet" })).toHaveAttribute("target", "_blank");
  });

  it("a transfer from the page refreshes the balance and the history", async () => {
    let sent = false;
    signedIn({
      "GET /api/tokens/balance": () => json(balance(sent ? "1224.50000000" : "1234.50000000")),
      "GET /api/tokens/transfers": () =>
        json(sent ? [makeTransfer({ id: "x", direction: "out", amount: "10.00000000", toUserId: MEMBERS.bruno.id })] : []),
      "GET /api/users": lookupUsersRoute(),
      "POST /api/tokens/transfer": () => {
        sent = true;
        return json(makeTransfer(), 201);
      },
    });
    const { user } = await openTokens();
    expect(await screen.findByText("No transfer history yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send Tokens" }));
    const dialog = await screen.findByRole("dialog", { name: "Send Tokens" });
    expect(dialog).toHaveTextContent("Available to send: 1,234.5 LOOP");
    await user.type(within(dialog).getByRole("combobox", { name: "Recipient" }), "bruno");
    await user.click(await within(dialog).findByRole("option", { name: "@bruno Bruno Costa" }));
    await user.type(within(dialog).getByLabelText("Amount (LOOP)"), "10");
    await user.click(within(dialog).getByRole("button", { name: "Send Tokens" }));
    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("wallet-balance")).toHaveTextContent("1,224.5 LOOP"));
    expect(await screen.findByText("-10 LOOP")).toBeInTheDocument();
  });

  it("the main menu's 'Buy LOOP Tokens' opens /tokens", async () => {
    signedIn({ "GET /api/genres": () => json([]), "GET /api/loops": () => json({ loops: [], total: 0 }) });
    const { user } = renderApp("/home");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const item = await screen.findByRole("menuitem", { name: "Buy LOOP Tokens" });
    expect(item).toHaveAttribute("href", "/tokens");
    await user.click(item);
    expect(await screen.findByRole("heading", { level: 1, name: "LOOP Tokens" })).toBeInTheDocument();
  });

  it("signed out: a sign-in prompt instead of the wallet; no wallet calls", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/config": () => json(clientConfig()),
    });
    const { user } = await openTokens();
    expect(screen.getByRole("heading", { name: "Sign in to see your wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Tokens" })).not.toBeInTheDocument();
    expect(api.requests.some(({ path }) => path.startsWith("/api/tokens"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });
});
