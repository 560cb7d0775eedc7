import { depositRefOf } from "@loop/rules/deposit-ref";
import { act, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { WalletControls, WalletSnapshot } from "@/lib/wallet/types";
import { publishConnectedWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { WALLET_TRANSFERS_QUERY_KEY } from "../api/get-wallet-transfers";
import type { VaultWallet } from "../lib/vault-deposit";
import { balance } from "../testing/token-fixtures";
import { CREDIT_SLOW_TEXT, CREDIT_TIMEOUT_MS, type DepositChain, DepositDialog } from "./deposit-dialog";

const LOOP = 10n ** 18n;
const USER_ID = "3f2a1c4e-8b7d-4e6f-9a0b-1c2d3e4f5a6b";
const WALLET = `0x${"d4".repeat(20)}` as const;
const CHAIN: DepositChain = { id: 31337, name: "Hardhat (local)", token: `0x${"a1".repeat(20)}`, vault: `0x${"c3".repeat(20)}` };
const APPROVE_HASH = `0x${"11".repeat(32)}` as const;
const DEPOSIT_HASH = `0x${"22".repeat(32)}` as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type FakeWallet = WalletControls & VaultWallet;

/** The wallet stack's controls, published the way the mounted stack does (the app's test seam). */
function connectedWallet(overrides: Partial<VaultWallet> = {}, snapshot: Partial<WalletSnapshot> = {}): FakeWallet {
  const writes = { "token.approve": APPROVE_HASH, "vault.deposit": DEPOSIT_HASH };
  return publishConnectedWallet({ address: WALLET, chainId: snapshot.chainId ?? 31337, balance: 250n * LOOP, writes, snapshot }, overrides);
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <DepositDialog open={open} onOpenChange={setOpen} userId={USER_ID} chain={CHAIN} linkedAddress={null} />
    </>
  );
}

/**
 * The in-app balance: `before`, then `after` once `creditAfter` reads have passed since the credit
 * started (`credit()`, or the wallet's deposit call when `wallet` is given).
 */
function setup({
  before = "100.00000000",
  after = "110.00000000",
  creditAfter = 2,
  wallet,
}: { before?: string; after?: string; creditAfter?: number; wallet?: VaultWallet } = {}) {
  let credited = false;
  let pollsSinceDeposit = 0;
  const api = stubApi({
    "GET /api/tokens/balance": () => {
      if (wallet && writtenFunctions(wallet).includes("vault.deposit")) credited = true;
      if (credited) pollsSinceDeposit += 1;
      return json(balance(credited && pollsSinceDeposit > creditAfter ? after : before));
    },
  });
  const rendered = renderWithToasts(<Harness />);
  const invalidate = vi.spyOn(rendered.queryClient, "invalidateQueries");
  const dialog = () => screen.getByRole("dialog", { name: "Deposit LOOP" });
  const amount = () => within(dialog()).getByLabelText("Amount (LOOP)");
  const submit = () => rendered.user.click(within(dialog()).getByRole("button", { name: "Deposit" }));
  const balanceCalls = () => api.calls("/api/tokens/balance").length;
  return { ...rendered, api, dialog, amount, submit, invalidate, balanceCalls, credit: () => (credited = true) };
}

describe("Deposit dialog", () => {
  it("shows the connected wallet's LOOP and validates the amount before any wallet call", async () => {
    const wallet = connectedWallet();
    const { user, dialog, amount, submit } = setup();
    expect(await within(dialog()).findByText("Wallet balance: 250 LOOP")).toBeInTheDocument();
    expect(within(dialog()).getByText("From 0xd4d4...d4d4")).toBeInTheDocument();

    const cases: [string, string][] = [
      ["", "Missing Amount: Please enter an amount to deposit"],
      ["abc", "Invalid Amount: Enter a number of LOOP, e.g. 12.5"],
      ["1.123456789", "Invalid Amount: LOOP has at most 8 decimal places"],
      ["0", "Amount must be greater than 0"],
      ["250.00000001", "Insufficient Balance: Your wallet doesn't hold that much LOOP"],
    ];
    for (const [typed, message] of cases) {
      await user.clear(amount());
      if (typed) await user.type(amount(), typed);
      await submit();
      expect(within(dialog()).getByRole("alert")).toHaveTextContent(message);
    }
    expect(wallet.connect).not.toHaveBeenCalled();
    expect(wallet.writeContract).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole("button", { name: "Max" }));
    expect(amount()).toHaveValue("250.00000000");
  });

  it("approves, deposits, waits for the receipt, then polls the balance until the credit arrives", async () => {
    const approve = deferred<`0x${string}`>();
    const send = deferred<`0x${string}`>();
    const approvalMined = deferred<{ status: "success" }>();
    const depositMined = deferred<{ status: "success" }>();
    const wallet = connectedWallet({
      writeContract: vi.fn((contract) => (contract.name === "token" ? approve.promise : send.promise)),
      waitForTransaction: vi.fn(({ hash }) => (hash === APPROVE_HASH ? approvalMined.promise : depositMined.promise)),
    });
    const { user, dialog, amount, submit, invalidate, balanceCalls, credit } = setup();
    await within(dialog()).findByText("Wallet balance: 250 LOOP");
    await user.type(amount(), "10");
    await submit();

    const progress = () => within(dialog()).getByTestId("deposit-progress");
    await waitFor(() => expect(progress()).toHaveTextContent("Approving…"));
    expect(within(dialog()).getByRole("button", { name: "Deposit" })).toBeDisabled();
    expect(wallet.writeContract).toHaveBeenCalledWith({ name: "token", chainId: 31337, address: CHAIN.token }, "approve", [
      CHAIN.vault,
      10n * LOOP,
    ]);
    approve.resolve(APPROVE_HASH);
    await act(async () => approvalMined.resolve({ status: "success" }));

    await waitFor(() => expect(progress()).toHaveTextContent("Depositing…"));
    expect(wallet.writeContract).toHaveBeenCalledWith({ name: "vault", chainId: 31337, address: CHAIN.vault }, "deposit", [
      10n * LOOP,
      depositRefOf(USER_ID),
    ]);
    await act(async () => send.resolve(DEPOSIT_HASH));
    await waitFor(() => expect(progress()).toHaveTextContent("Waiting for confirmation…"));
    expect(screen.queryByText("Deposit Submitted")).not.toBeInTheDocument();

    const beforeReceipt = balanceCalls();
    credit();
    await act(async () => depositMined.resolve({ status: "success" }));
    expect(await screen.findByText("Deposit Submitted")).toBeInTheDocument();
    await waitFor(() => expect(progress()).toHaveTextContent("Crediting your balance…"));

    expect(await screen.findByText("Deposit Successful")).toBeInTheDocument();
    expect(screen.getByText("10 LOOP added to your balance")).toBeInTheDocument();
    // Polled (not one read): the first polls still showed the old balance.
    expect(balanceCalls() - beforeReceipt).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    for (const key of [TOKEN_BALANCE_QUERY_KEY, TRANSFERS_QUERY_KEY, WALLET_TRANSFERS_QUERY_KEY, WALLET_LOOP_BALANCE_QUERY_KEY]) {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
    }

    await user.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Amount (LOOP)")).toHaveValue("");
  });

  it("skips the approval when the vault's allowance already covers the amount", async () => {
    const wallet = connectedWallet({ readTokenAllowance: vi.fn(async () => 10n * LOOP) });
    const { user, amount, submit } = setup({ creditAfter: 0, wallet });
    await user.type(amount(), "10");
    await submit();
    expect(await screen.findByText("Deposit Successful")).toBeInTheDocument();
    expect(writtenFunctions(wallet)).toEqual(["vault.deposit"]);
  });

  it("a rejection in the wallet shows 'Deposit Failed' and returns to the form, nothing polled", async () => {
    const wallet = connectedWallet({
      readTokenAllowance: vi.fn(async () => 10n * LOOP),
      writeContract: vi.fn(async () => {
        throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      }),
    });
    const { user, dialog, amount, submit } = setup();
    await user.type(amount(), "10");
    await submit();
    expect(await screen.findByText("Deposit Failed")).toBeInTheDocument();
    expect(screen.getByText("You rejected the request in your wallet.")).toBeInTheDocument();
    expect(within(dialog()).getByRole("button", { name: "Deposit" })).toBeEnabled();
    expect(within(dialog()).queryByTestId("deposit-progress")).not.toBeInTheDocument();
    expect(amount()).toHaveValue("10");
    expect(wallet.waitForTransaction).not.toHaveBeenCalled();
  });

  it("a paused vault's refusal is named", async () => {
    connectedWallet({
      readTokenAllowance: vi.fn(async () => 10n * LOOP),
      writeContract: vi.fn(async () => {
        throw Object.assign(new Error("execution reverted"), {
          cause: { name: "ContractFunctionRevertedError", data: { errorName: "EnforcedPause" } },
        });
      }),
    });
    const { user, amount, submit } = setup();
    await user.type(amount(), "10");
    await submit();
    expect(await screen.findByText("Deposits are paused at the moment. Please try again later.")).toBeInTheDocument();
  });

  it("a wallet on another network is asked to switch, from the notice and before depositing", async () => {
    const wallet = connectedWallet({}, { chainId: 1 });
    const { user, dialog, amount, submit } = setup({ creditAfter: 0, wallet });
    expect(within(dialog()).getByText("Your wallet is on another network. Deposits go to Hardhat (local).")).toBeInTheDocument();
    await user.click(within(dialog()).getByRole("button", { name: "Switch to Hardhat (local)" }));
    expect(wallet.switchChain).toHaveBeenCalledWith(31337);

    await user.type(amount(), "10");
    await submit();
    expect(await screen.findByText("Deposit Successful")).toBeInTheDocument();
    expect(wallet.switchChain).toHaveBeenCalledTimes(2);
    expect(vi.mocked(wallet.switchChain).mock.invocationCallOrder[1]!).toBeLessThan(
      vi.mocked(wallet.writeContract).mock.invocationCallOrder[0]!,
    );
  });

  it("says so when the credit takes longer than a minute", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connectedWallet({ readTokenAllowance: vi.fn(async () => 10n * LOOP) });
    const { user, dialog, amount, submit } = setup({ creditAfter: Number.POSITIVE_INFINITY });
    await user.type(amount(), "10");
    await submit();
    await within(dialog()).findByText("Crediting your balance…");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CREDIT_TIMEOUT_MS + 1000);
    });
    expect(await within(dialog()).findByText(CREDIT_SLOW_TEXT)).toBeInTheDocument();
    expect(screen.queryByText("Deposit Successful")).not.toBeInTheDocument();
  });
});
