import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeAdminWithdrawal } from "../testing/admin-fixtures";
import { WithdrawalsQueue } from "./withdrawals-queue";

const PENDING = makeAdminWithdrawal();
const PROCESSING = makeAdminWithdrawal({ id: "00000000-0000-4000-8000-0000000000b2", username: "second", status: "processing" });
const COMPLETED = makeAdminWithdrawal({
  id: "00000000-0000-4000-8000-0000000000b3",
  username: "third",
  status: "completed",
  transactionId: "0xabc",
});
const FAILED = makeAdminWithdrawal({
  id: "00000000-0000-4000-8000-0000000000b4",
  username: "fourth",
  status: "failed",
  failureReason: "Bad address",
});

function setup(update: ApiHandler = ({ body }) => json({ ...PENDING, ...(body as object) })) {
  const api = stubApi({
    "GET /api/admin/tokens/withdrawals": () => json([PENDING, PROCESSING, COMPLETED, FAILED]),
    [`PUT /api/admin/tokens/withdrawals/${PENDING.id}/status`]: update,
    [`PUT /api/admin/tokens/withdrawals/${PROCESSING.id}/status`]: update,
  });
  const rendered = renderWithToasts(<WithdrawalsQueue />);
  const dialog = () => screen.getByRole("dialog");
  const submit = () => rendered.user.click(within(dialog()).getByRole("button", { name: "Update Status" }));
  /** The values the dialog's Action menu offers. */
  const actions = () =>
    within(within(dialog()).getByLabelText("Action"))
      .getAllByRole("option")
      .map((option) => option.getAttribute("value"));
  return { ...rendered, api, dialog, submit, actions };
}

describe("Token Withdrawals queue", () => {
  it("offers Process on pending, Update on processing, nothing on completed or failed", async () => {
    setup();
    const table = await screen.findByRole("table", { name: "Token withdrawals" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("button", { name: "Process withdrawal of beatmaker" })).toHaveTextContent("Process");
    expect(within(rows[1]!).getByRole("button", { name: "Update withdrawal of second" })).toHaveTextContent("Update");
    expect(within(rows[2]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(rows[3]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText("100 LOOP")).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Bad address")).toBeInTheDocument();
  });

  it("offers no action on a LOOP payout in progress and shows why a payout attempt did not pay", async () => {
    const paying = makeAdminWithdrawal({
      id: "00000000-0000-4000-8000-0000000000c1",
      username: "paying",
      method: "loop",
      status: "processing",
      payoutInProgress: true,
    });
    const refused = makeAdminWithdrawal({
      id: "00000000-0000-4000-8000-0000000000c2",
      username: "refused",
      method: "loop",
      payoutError: "Payout Failed: LoopVault refused the payout (EnforcedPause: the vault is paused)",
    });
    stubApi({ "GET /api/admin/tokens/withdrawals": () => json([paying, refused]) });
    renderWithToasts(<WithdrawalsQueue />);
    const table = await screen.findByRole("table", { name: "Token withdrawals" });
    const [payingRow, refusedRow] = within(table).getAllByRole("row").slice(1);
    expect(within(payingRow!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(payingRow!).getByText("Payout in progress: settled by what the chain records")).toBeInTheDocument();
    expect(within(refusedRow!).getByRole("button", { name: "Process withdrawal of refused" })).toBeInTheDocument();
    expect(
      within(refusedRow!).getByText(
        "Last payout attempt: Payout Failed: LoopVault refused the payout (EnforcedPause: the vault is paused)",
      ),
    ).toBeInTheDocument();
  });

  it("checks the action, the transaction ID and the failure reason with the spec's texts", async () => {
    const { user, api, dialog, submit, actions } = setup();
    await user.click(await screen.findByRole("button", { name: "Update withdrawal of second" }));
    expect(within(dialog()).getByRole("heading", { name: "Update Withdrawal" })).toBeInTheDocument();
    // A processing withdrawal can become completed or failed.
    expect(actions()).toEqual(["", "completed", "failed"]);

    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Missing Information: Please select an action");

    await user.selectOptions(within(dialog()).getByLabelText("Action"), "completed");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(
      "Missing Transaction ID: Transaction ID is required for completed withdrawals",
    );

    await user.selectOptions(within(dialog()).getByLabelText("Action"), "failed");
    await user.type(within(dialog()).getByLabelText("Failure reason"), "   ");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(
      "Missing Failure Reason: Failure reason is required for failed withdrawals",
    );
    expect(api.calls(`PUT /api/admin/tokens/withdrawals/${PROCESSING.id}/status`)).toHaveLength(0);
  });

  it("completes a withdrawal with its transaction ID and toasts 'Withdrawal Updated'", async () => {
    const { user, api, dialog, submit } = setup(({ body }) => json({ ...PROCESSING, ...(body as object) }));
    await user.click(await screen.findByRole("button", { name: "Update withdrawal of second" }));
    await user.selectOptions(within(dialog()).getByLabelText("Action"), "completed");
    await user.type(within(dialog()).getByLabelText("Transaction ID"), " 0xfeed ");
    await submit();
    expect(await screen.findByText("Withdrawal Updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [call] = api.calls(`PUT /api/admin/tokens/withdrawals/${PROCESSING.id}/status`);
    expect(call!.body).toEqual({ status: "completed", transactionId: "0xfeed", failureReason: null });
  });

  it("processes a pending withdrawal; a refusal shows under 'Update Failed'", async () => {
    const { user, dialog, submit, actions } = setup(() =>
      json({ message: "Invalid Status Change: A pending withdrawal cannot become completed" }, 409),
    );
    await user.click(await screen.findByRole("button", { name: "Process withdrawal of beatmaker" }));
    expect(within(dialog()).getByRole("heading", { name: "Process Withdrawal" })).toBeInTheDocument();
    expect(actions()).toEqual(["", "processing", "cancelled", "failed"]);
    await user.selectOptions(within(dialog()).getByLabelText("Action"), "processing");
    await submit();
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid Status Change: A pending withdrawal cannot become completed")).toBeInTheDocument();
  });

  it("falls back to 'Failed to update withdrawal status'", async () => {
    const { user, dialog, submit } = setup(() => new Response("", { status: 502 }));
    await user.click(await screen.findByRole("button", { name: "Process withdrawal of beatmaker" }));
    await user.selectOptions(within(dialog()).getByLabelText("Action"), "processing");
    await submit();
    expect(await screen.findByText("Failed to update withdrawal status")).toBeInTheDocument();
  });
});
