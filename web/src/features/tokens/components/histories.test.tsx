import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useTokenBalance } from "@/lib/get-token-balance";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { OPEN_WITHDRAWAL_POLL_MS } from "../api/get-withdrawals";
import { balance, makeTransfer, makeWithdrawal } from "../testing/token-fixtures";
import { TransferHistory } from "./transfer-history";
import { WithdrawalHistory } from "./withdrawal-history";
import { expectTexts } from "@/testing/expect-texts";

/** A response the test releases when it wants (to see the loading state first). */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** A history card's skeletons (a status named after `subject`) while `route` has not answered, then its empty text for []. */
async function expectLoadingThenEmpty(route: string, card: ReactNode, subject: string, emptyText: string) {
  const pending = deferred();
  stubApi({ [route]: () => pending.promise });
  renderWithToasts(card);
  expect(screen.getByRole("status", { name: `Loading ${subject}` })).toBeInTheDocument();
  expect(screen.queryByText(emptyText)).not.toBeInTheDocument();
  pending.release(json([]));
  expect(await screen.findByText(emptyText)).toBeInTheDocument();
  expect(screen.queryByRole("status", { name: `Loading ${subject}` })).not.toBeInTheDocument();
}

describe("Transfer History", () => {
  it("shows skeletons while loading, then 'No transfer history yet'", async () => {
    await expectLoadingThenEmpty("GET /api/tokens/transfers", <TransferHistory />, "transfer history", "No transfer history yet");
  });

  it("lists transfers with type, direction, readable amounts and the status in capitals", async () => {
    stubApi({
      "GET /api/tokens/transfers": () =>
        json([
          makeTransfer({
            id: "a",
            direction: "in",
            amount: "25.00000000",
            transferType: "user_transfer",
            description: "Thanks for the loop",
          }),
          makeTransfer({
            id: "b",
            direction: "out",
            amount: "1234.5",
            transferType: "user_transfer",
            fromUserId: "user-1",
            toUserId: "user-7",
            description: null,
          }),
          makeTransfer({
            id: "c",
            direction: "in",
            amount: "500.00000000",
            transferType: "reward",
            fromUserId: null,
            description: "Welcome bonus",
          }),
          makeTransfer({
            id: "d",
            direction: "in",
            amount: "10.00000000",
            transferType: "admin_airdrop",
            fromUserId: null,
            description: null,
          }),
          makeTransfer({
            id: "e",
            direction: "out",
            amount: "4.99000000",
            transferType: "purchase",
            toUserId: null,
            description: "Deep Night",
          }),
          makeTransfer({
            id: "f",
            direction: "in",
            amount: "12.50000000",
            transferType: "deposit",
            fromUserId: null,
            description: "Deposit from wallet 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
          }),
        ]),
    });
    renderWithToasts(<TransferHistory />);
    const list = await screen.findByRole("list", { name: "Transfers" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(6);
    expectTexts(rows[0], ["Transfer", "+25 LOOP", "From user-2", "COMPLETED"]);
    // Dates in lists: US English short month, day, year, hour and minute.
    expect(rows[0]).toHaveTextContent(/Nov 2\d, 2026, \d{1,2}:\d{2} (AM|PM)/);
    expect(rows[1]).toHaveTextContent("-1,234.5 LOOP");
    expect(rows[1]).toHaveTextContent("To user-7");
    expect(rows[2]).toHaveTextContent("Reward");
    expect(rows[2]).toHaveTextContent("Welcome bonus");
    expect(rows[3]).toHaveTextContent("Airdrop");
    expect(rows[4]).toHaveTextContent("Purchase");
    expect(rows[4]).toHaveTextContent("-4.99 LOOP");
    // A deposit of wallet LOOP into the vault, credited by the settlement.
    expectTexts(rows[5], ["Deposit", "+12.5 LOOP", "From your wallet"]);
  });
});

describe("Withdrawal History", () => {
  it("shows skeletons while loading, then 'No withdrawal history yet'", async () => {
    await expectLoadingThenEmpty("GET /api/tokens/withdrawals", <WithdrawalHistory />, "withdrawal history", "No withdrawal history yet");
  });

  it("styles pending, processing and completed, shows anything else as a failure, and cancels pending ones", async () => {
    let cancelled = false;
    const api = stubApi({
      "GET /api/tokens/withdrawals": () =>
        json([
          makeWithdrawal({ id: "w1", status: cancelled ? "cancelled" : "pending", amount: "100.00000000" }),
          makeWithdrawal({
            id: "w2",
            status: "processing",
            method: "crypto_btc",
            destination: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          }),
          makeWithdrawal({
            id: "w3",
            status: "completed",
            transactionId: "0xabc1230000000000000000000000000000000000000000000000000000def456",
          }),
          makeWithdrawal({ id: "w4", status: "failed", failureReason: "Address rejected by the exchange" }),
          makeWithdrawal({ id: "w5", status: "cancelled" }),
        ]),
      "POST /api/tokens/withdrawals/w1/cancel": () => {
        cancelled = true;
        return json(makeWithdrawal({ id: "w1", status: "cancelled" }));
      },
      "GET /api/tokens/balance": () => json(balance("100.00000000")),
    });
    const { user } = renderWithToasts(<WithdrawalHistory />);
    const list = await screen.findByRole("list", { name: "Withdrawals" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.dataset.status)).toEqual(["pending", "processing", "completed", "failure", "failure"]);
    expect(rows[0]).toHaveTextContent("PENDING");
    expect(rows[0]).toHaveTextContent(/Nov 2\d, 2026, \d{1,2}:\d{2} (AM|PM)/);
    expect(rows[1]).toHaveTextContent("Bitcoin (BTC)");
    expect(rows[2]).toHaveTextContent("Tx 0xabc1...f456");
    expect(rows[3]).toHaveTextContent("Address rejected by the exchange");
    // Only the pending one can be cancelled.
    expect(within(list).getAllByRole("button", { name: /Cancel withdrawal/ })).toHaveLength(1);

    await user.click(within(rows[0]!).getByRole("button", { name: "Cancel withdrawal of 100 LOOP" }));
    expect(await screen.findByText("Withdrawal Cancelled")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Withdrawals" })).queryAllByRole("button", { name: /Cancel withdrawal/ }),
      ).toHaveLength(0),
    );
    expect(api.calls("POST /api/tokens/withdrawals/w1/cancel")).not.toHaveLength(0);
  });

  it("shows the server's reason when a cancel is refused", async () => {
    stubApi({
      "GET /api/tokens/withdrawals": () => json([makeWithdrawal({ id: "w1" })]),
      "POST /api/tokens/withdrawals/w1/cancel": () =>
        json({ message: "Invalid Status Change: A processing withdrawal cannot become cancelled" }, 409),
    });
    const { user } = renderWithToasts(<WithdrawalHistory />);
    await user.click(await screen.findByRole("button", { name: /Cancel withdrawal/ }));
    expect(await screen.findByText("Cancel Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid Status Change: A processing withdrawal cannot become cancelled")).toBeInTheDocument();
  });
});

function BalanceProbe() {
  const balance = useTokenBalance();
  return <p>{balance.data?.balance ?? "…"}</p>;
}

describe("Withdrawal History, while a withdrawal is open", () => {
  it("asks again every few seconds, and once it completes (e.g. paid out on chain) refreshes the balance and transfers", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: "processing" | "completed" = "processing";
      const api = stubApi({
        "GET /api/tokens/withdrawals": () =>
          json([makeWithdrawal({ id: "w1", method: "loop", status, transactionId: `0x${"ab".repeat(32)}` })]),
        "GET /api/tokens/balance": () => json(balance("480.00000000")),
        "GET /api/tokens/transfers": () => json([]),
      });
      const calls = (path: string) => api.calls(path).length;
      // The Token page shows the balance and the transfers beside the withdrawals.
      renderWithToasts(
        <>
          <BalanceProbe />
          <TransferHistory />
          <WithdrawalHistory />
        </>,
      );
      const list = await screen.findByRole("list", { name: "Withdrawals" });
      expect(within(list).getByRole("listitem")).toHaveTextContent("PROCESSING");
      await waitFor(() => expect(calls("/api/tokens/balance")).toBe(1));
      expect(calls("/api/tokens/transfers")).toBe(1);

      status = "completed";
      await vi.advanceTimersByTimeAsync(OPEN_WITHDRAWAL_POLL_MS);
      await waitFor(() =>
        expect(within(screen.getByRole("list", { name: "Withdrawals" })).getByRole("listitem")).toHaveTextContent("COMPLETED"),
      );
      await waitFor(() => expect(calls("/api/tokens/balance")).toBe(2));
      await waitFor(() => expect(calls("/api/tokens/transfers")).toBe(2));

      // Nothing open any more: no more polling.
      const asked = calls("/api/tokens/withdrawals");
      await vi.advanceTimersByTimeAsync(3 * OPEN_WITHDRAWAL_POLL_MS);
      expect(calls("/api/tokens/withdrawals")).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});
