import type { WalletTransfer } from "@loop/rules/schemas/tokens";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TokenBalanceRequest } from "@/lib/wallet/types";
import { publishFakeWalletControls } from "@/lib/wallet/fake-wallet-controls";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { clientConfig } from "../testing/token-fixtures";
import { WalletLoopCard } from "./wallet-loop-card";

const USER = { id: "3f2a1c4e-8b7d-4e6f-9a0b-1c2d3e4f5a6b" };
const LINKED = "0x52908400098527886E0F7030069857D2E4169EE7";
const VAULT = "0x0000000000000000000000000000000000000003";
const TOKEN = "0x0000000000000000000000000000000000000001";
const HASH = `0x${"ab".repeat(32)}`;

function walletTransfer(overrides: Partial<WalletTransfer> = {}): WalletTransfer {
  return {
    id: `31337:${HASH}:0`,
    chainId: 31337,
    transactionHash: HASH,
    blockNumber: "42",
    kind: "deposit",
    direction: "out",
    counterparty: VAULT,
    amount: "25.5",
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

/** The wallet stack's controls (the card itself only reads balances; the dialog's calls are tested beside it). */
function walletStack(readTokenBalance: (request: TokenBalanceRequest) => Promise<bigint>) {
  return publishFakeWalletControls({ readTokenBalance: vi.fn(readTokenBalance) });
}

function setup(walletTransfers: ApiHandler, config = clientConfig()) {
  const api = stubApi({
    "GET /api/config": () => json(config),
    "GET /api/tokens/wallet-transfers": walletTransfers,
  });
  const rendered = renderWithToasts(<WalletLoopCard user={USER} />);
  const card = () => screen.getByRole("region", { name: "Wallet LOOP" });
  return { ...rendered, api, card };
}

describe("Wallet LOOP card", () => {
  it("lists the linked wallet's transfers with kind, direction, amount, counterparty, block and transaction", async () => {
    const controls = walletStack(async () => 1_234n * 10n ** 18n + 5n * 10n ** 17n);
    const transfers = [
      walletTransfer(),
      walletTransfer({
        id: "2",
        kind: "payout",
        direction: "in",
        amount: "10.0",
        blockNumber: "41",
        transactionHash: `0x${"cd".repeat(32)}`,
      }),
      walletTransfer({
        id: "3",
        kind: "marketplace",
        direction: "out",
        amount: "4.99",
        counterparty: "0x0000000000000000000000000000000000000002",
      }),
      walletTransfer({
        id: "4",
        kind: "mint",
        direction: "in",
        amount: "1000000.0",
        counterparty: "0x0000000000000000000000000000000000000000",
      }),
      walletTransfer({
        id: "5",
        kind: "transfer",
        direction: "in",
        amount: "0.000000000000000001",
        counterparty: "0x1111111111111111111111111111111111111111",
      }),
    ];
    const { api, card } = setup(() => json({ address: LINKED, transfers }));

    const list = await screen.findByRole("list", { name: "Wallet transfers" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.querySelector("[data-slot=badge]")?.textContent)).toEqual([
      "Deposit",
      "Payout",
      "Marketplace",
      "Mint",
      "Transfer",
    ]);

    expect(rows[0]).toHaveTextContent("Deposited into your in-app balance");
    expect(rows[0]).toHaveTextContent("To 0x0000...0003");
    expect(rows[0]).toHaveTextContent("-25.5 LOOP");
    expect(rows[0]).toHaveTextContent("Block 42");
    expect(rows[0]).toHaveTextContent("Nov 20, 2026");
    expect(within(rows[0]!).getByTitle(HASH)).toHaveTextContent("0xabab...abab");
    expect(within(rows[0]!).getByRole("button", { name: "Copy transaction hash" })).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText("Sent")).toBeInTheDocument();

    expect(rows[1]).toHaveTextContent("Withdrawal paid out to your wallet");
    expect(rows[1]).toHaveTextContent("From 0x0000...0003");
    expect(rows[1]).toHaveTextContent("+10 LOOP");
    expect(within(rows[1]!).getByLabelText("Received")).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent("Paid to the marketplace");
    expect(rows[2]).toHaveTextContent("-4.99 LOOP");
    expect(rows[3]).toHaveTextContent("+1,000,000 LOOP");
    expect(rows[4]).toHaveTextContent("From 0x1111...1111");
    expect(rows[4]).toHaveTextContent("+0.000000000000000001 LOOP");

    expect(within(card()).getByTestId("wallet-loop-address")).toHaveTextContent("0x5290...9EE7");
    expect(await within(card()).findByTestId("wallet-loop-balance")).toHaveTextContent("1,234.5 LOOP");
    expect(controls.readTokenBalance).toHaveBeenCalledWith({ chainId: 31337, token: TOKEN, owner: LINKED });
    expect(api.requests.map(({ path, url }) => `${path}${url.search}`)).toContain("/api/tokens/wallet-transfers?limit=50");
  });

  it("shows skeletons while loading, then the empty text", async () => {
    walletStack(async () => 0n);
    let answer!: (response: Response) => void;
    const { card } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await within(card()).findByTestId("wallet-transfer-skeleton")).toBeInTheDocument();
    answer(json({ address: LINKED, transfers: [] }));
    expect(await within(card()).findByText("No on-chain LOOP transfers yet")).toBeInTheDocument();
    expect(within(card()).queryByTestId("wallet-transfer-skeleton")).not.toBeInTheDocument();
    expect(await within(card()).findByTestId("wallet-loop-balance")).toHaveTextContent("0 LOOP");
  });

  it("without a linked wallet: says so, links to the wallet connection, reads no balance", async () => {
    const controls = walletStack(async () => 1n);
    const { card } = setup(() => json({ address: null, transfers: [] }));
    expect(await within(card()).findByText(/No wallet is linked to your account\./)).toBeInTheDocument();
    expect(within(card()).getByRole("link", { name: "Link a wallet" })).toHaveAttribute("href", "/settings");
    expect(within(card()).queryByText("No on-chain LOOP transfers yet")).not.toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Deposit" })).toBeEnabled();
    expect(controls.readTokenBalance).not.toHaveBeenCalled();
  });

  it("a history that cannot be loaded offers a retry; a response of the wrong shape is an error too", async () => {
    walletStack(async () => 0n);
    let calls = 0;
    const { user, card } = setup(() => {
      calls += 1;
      return calls === 1 ? json({ address: LINKED, transfers: [{ id: "x" }] }) : json({ address: LINKED, transfers: [walletTransfer()] });
    });
    expect(await within(card()).findByText("Your wallet history could not be loaded.")).toBeInTheDocument();
    await user.click(within(card()).getByRole("button", { name: "Retry" }));
    expect(await within(card()).findByRole("list", { name: "Wallet transfers" })).toBeInTheDocument();
  });

  it("Deposit opens the 'Deposit LOOP' dialog", async () => {
    walletStack(async () => 0n);
    const { user, card } = setup(() => json({ address: LINKED, transfers: [] }));
    await within(card()).findByText("No on-chain LOOP transfers yet");
    await user.click(within(card()).getByRole("button", { name: "Deposit" }));
    const dialog = await screen.findByRole("dialog", { name: "Deposit LOOP" });
    expect(within(dialog).getByLabelText("Amount (LOOP)")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Deposit" })).toBeInTheDocument();
  });

  it("the Deposit button is disabled when the default chain has no contracts", async () => {
    walletStack(async () => 0n);
    const config = clientConfig();
    const { card } = setup(() => json({ address: LINKED, transfers: [] }), {
      ...config,
      chains: config.chains.map((chain) => (chain.id === 31337 ? { ...chain, contracts: null } : chain)),
    });
    expect(await within(card()).findByText("LOOP is not deployed on this network.")).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Deposit" })).toBeDisabled();
  });
});
