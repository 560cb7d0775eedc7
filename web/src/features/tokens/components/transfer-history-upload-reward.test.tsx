import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeTransfer } from "../testing/token-fixtures";
import { TransferHistory } from "./transfer-history";

describe("Transfer History: the upload reward (issue 22)", () => {
  it("labels an upload reward 'Upload Reward' as a reward from LOOP, beside the welcome bonus and level rewards", async () => {
    stubApi({
      "GET /api/tokens/transfers": () =>
        json([
          makeTransfer({
            id: "u",
            direction: "in",
            amount: "500.00000000",
            transferType: "upload_reward",
            fromUserId: null,
            description: "Upload reward: Night Drive",
          }),
          makeTransfer({
            id: "l",
            direction: "in",
            amount: "100.00000000",
            transferType: "reward",
            fromUserId: null,
            description: "Level 2 reward",
          }),
          makeTransfer({
            id: "w",
            direction: "in",
            amount: "500.00000000",
            transferType: "reward",
            fromUserId: null,
            description: "Welcome bonus",
          }),
        ]),
    });
    renderWithToasts(<TransferHistory />);
    const rows = within(await screen.findByRole("list", { name: "Transfers" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText("Upload Reward")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("Upload reward: Night Drive");
    expect(rows[0]).toHaveTextContent("+500 LOOP");
    expect(rows[0]).toHaveTextContent("From LOOP");
    // Shown as a reward (the success colours), not as an unknown type.
    expect(within(rows[0]!).getByText("Upload Reward").className).toBe(within(rows[1]!).getByText("Reward").className);
    expect(rows[1]).toHaveTextContent("Level 2 reward");
    expect(rows[2]).toHaveTextContent("Welcome bonus");
  });
});
